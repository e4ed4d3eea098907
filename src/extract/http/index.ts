export { AffinityClient, type AffinityClientOptions, type RequestOpts, type WriteOpts } from './client.ts';
export {
  classifyMalformed,
  classifyNetworkError,
  classifyStatus,
  FAILURE_TABLE,
  type ErrorClassName,
  type FailureKind,
  type Rule,
  type Verdict,
} from './classify.ts';
export {
  ApiError,
  AuthError,
  BudgetExhaustedError,
  CursorExpiredError,
  ForbiddenError,
  ForeignOriginError,
  MalformedResponseError,
  MergedRecordError,
  NotFoundError,
  PageTokenMismatchError,
  RateLimitedError,
  ServerError,
  TransientError,
  UnreachableError,
  type ApiErrorInit,
} from './errors.ts';
export { parseServiceMessage, textSnippet } from './service-message.ts';
export { RateBudget, parseRateHeaders, type BudgetSnapshot, type HeaderInput, type RateBudgetOptions, type RateHeaders } from './rate-budget.ts';
export { backoffDelay, parseRetryAfter, retryDelay, type BackoffOptions } from './retry.ts';
export { endpointLabel, type Query } from './url.ts';
