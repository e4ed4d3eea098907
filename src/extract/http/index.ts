export { AffinityClient, type AffinityClientOptions, type RequestOpts, type WriteOpts } from './client.ts';
export {
  ApiError,
  AuthError,
  BudgetExhaustedError,
  CursorExpiredError,
  ForeignOriginError,
  MalformedResponseError,
  MergedRecordError,
  NotFoundError,
  PageTokenMismatchError,
  RateLimitedError,
  TransientError,
  type ApiErrorInit,
} from './errors.ts';
export { parseServiceMessage, textSnippet } from './failure.ts';
export { RateBudget, parseRateHeaders, type BudgetSnapshot, type HeaderInput, type RateBudgetOptions, type RateHeaders } from './rate-budget.ts';
export {
  backoffDelay,
  classifyMalformed,
  classifyNetworkError,
  classifyStatus,
  parseRetryAfter,
  retryDelay,
  type BackoffOptions,
  type Classification,
  type FailureKind,
} from './retry.ts';
export { endpointLabel, type Query } from './url.ts';
