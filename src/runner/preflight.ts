import { DEFAULT_BASE_URL } from '../defaults.ts';
import { ApiError, AuthError, NotFoundError } from '../extract/http/errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import { EXIT_NOT_THE_SERVICE, ServiceUnusableError, serviceLooksWrong, serviceUnusable } from './service-unusable.ts';

/** The pre-flight's call: served by every contract and every key, and not counted against the month (docs/contract.md §2). */
const PREFLIGHT_PATH = '/auth/whoami';

/**
 * One call before the warehouse is opened, let alone written: a base URL whose every answer is a JSON 404
 * (a wrong path prefix, `…/api`) would otherwise give a run of refused sources and streams "succeeded" on
 * no pages. A 404 here, an answer that is not the API's, no answer, or a rejected key stops the run with
 * one line; anything else (a 429, a 5xx) is left to the run. The call is not counted in the run's calls.
 */
export async function preflight(client: AffinityClient, baseUrl: string): Promise<void> {
  try {
    await client.get(PREFLIGHT_PATH);
  } catch (err) {
    if (err instanceof ApiError && serviceLooksWrong(err, false)) throw serviceUnusable(err, baseUrl);
    if (err instanceof NotFoundError) {
      throw new ServiceUnusableError(
        `AFFINITY_BASE_URL ${maskUrlPasswords(baseUrl)} answers 404 for GET ${PREFLIGHT_PATH}, which the Affinity API always serves: its path is not the API's; set AFFINITY_BASE_URL to ${DEFAULT_BASE_URL} (no path) or to relsync simulate.`,
        EXIT_NOT_THE_SERVICE,
        err,
      );
    }
    if (err instanceof AuthError) throw err;
  } finally {
    client.resetCounts();
  }
}
