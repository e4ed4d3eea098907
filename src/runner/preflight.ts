import { DEFAULT_BASE_URL } from '../defaults.ts';
import { ApiError, AuthError, NotFoundError } from '../extract/http/errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { readAccount, type ServiceAccount } from '../extract/whoami.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import { EXIT_NOT_THE_SERVICE, ServiceUnusableError, serviceLooksWrong, serviceUnusable } from './service-unusable.ts';

/**
 * The pre-flight: one whoami read before the warehouse is opened, let alone written (`/v2/auth/whoami`, or the
 * older `/auth/whoami` where the service does not serve the first; neither is counted against the month,
 * docs/contract.md §2). It names the account the key reads (the warehouse's tenant guard), and a base URL
 * whose every answer is a JSON 404 (a wrong path prefix, `…/api`), an answer that is not the API's, no answer,
 * or a rejected key stops the run with one line instead of a run of refused sources and streams "succeeded"
 * on no pages.
 */
export async function preflight(client: AffinityClient, baseUrl: string): Promise<ServiceAccount> {
  try {
    return await readAccount(client);
  } catch (err) {
    if (err instanceof ApiError && serviceLooksWrong(err, false)) throw serviceUnusable(err, baseUrl);
    if (err instanceof NotFoundError) {
      throw new ServiceUnusableError(
        `AFFINITY_BASE_URL ${maskUrlPasswords(baseUrl)} answers 404 for GET /auth/whoami, which the Affinity API always serves: its path is not the API's; set AFFINITY_BASE_URL to ${DEFAULT_BASE_URL} (no path) or to relsync simulate.`,
        EXIT_NOT_THE_SERVICE,
        err,
      );
    }
    throw err;
  }
}

/**
 * A pre-flight failure that says nothing against the key or the base URL (no answer, a 5xx or 429 the client
 * gave up on): the run reports it only after the warehouse's own checks (a file, a role, a lock), which need
 * no call, so an operator fixing two things is told the one relsync can judge first.
 */
export function reportedAfterWarehouse(err: unknown): boolean {
  return err instanceof ApiError && !(err instanceof AuthError);
}
