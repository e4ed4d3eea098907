import {
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Raised for every statement once the writer lock is lost. It carries the driver's code (57P01 when
 * the server terminated the session) so the database-error classifier stops the run with its message.
 */
export class WriterLockLostError extends Error {
  readonly code: string | undefined;
  readonly lockLost = true;
  constructor(cause: Error) {
    super(`the connection holding the writer lock was lost: ${cause.message}`, { cause });
    this.name = 'WriterLockLostError';
    const code = (cause as { code?: unknown }).code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** The one statement still let through: the runner recording how the run ended (`update sync_runs`). */
function recordsRunEnd(node: RootOperationNode): boolean {
  if (node.kind !== 'UpdateQueryNode' || !node.table || !TableNode.is(node.table)) return false;
  return node.table.table.identifier.name === 'sync_runs';
}

/**
 * On PostgreSQL the single-writer lock is a session advisory lock: when that session dies (failover,
 * restart, pg_terminate_backend) the server releases the lock and another process may take it, while
 * this process could go on writing on fresh pool connections. The fence closes when the lock is lost
 * and refuses every statement (so the page in hand rolls back and the run stops) except recording the
 * run's end; the next lock taken on this Db opens it again.
 */
export class WriteFence implements KyselyPlugin {
  private lost: WriterLockLostError | null = null;

  /** The writer lock is gone; the first cause is kept. */
  close(cause: Error): void {
    this.lost ??= new WriterLockLostError(cause);
  }

  open(): void {
    this.lost = null;
  }

  get closed(): boolean {
    return this.lost !== null;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.lost && !recordsRunEnd(args.node)) throw this.lost;
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
