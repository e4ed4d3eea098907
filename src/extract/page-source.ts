import type { Page } from './pager.ts';

/**
 * Where the runner's page loop gets its pages: one page per `next()`, and the position to store so a
 * killed run resumes at the next page. `Pager` is the HTTP implementation; tests use an in-memory one.
 */
export interface PageSource<T> {
  readonly done: boolean;
  /** What to persist to resume at the next page (null when done or not started). */
  readonly token: string | null;
  next(): Promise<Page<T>>;
}
