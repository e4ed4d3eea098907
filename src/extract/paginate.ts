/** Entry point for callers that only page: re-exports the pager and adds an async-iterator view of it. */
import type { Page, Pager } from './pager.ts';

export {
  fetchAll,
  Pager,
  RepeatedPageTokenError,
  type InvalidRecord,
  type Page,
  type PageRequest,
  type PaginatorKind,
} from './pager.ts';

/** Yields each page until the pager is done; the caller persists `page.nextToken` after handling each one. */
export async function* pages<T>(pager: Pager<T>): AsyncGenerator<Page<T>, void, void> {
  while (!pager.done) yield await pager.next();
}
