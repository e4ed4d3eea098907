import type { WarehouseAccount } from '../state/account.ts';

/**
 * The account `schedule`'s key reads, as the last pre-flight of this process found it (any run's whoami,
 * runner/preflight.ts). A hint run within `maxAgeMs` of it skips its own pre-flight: the key and the base
 * URL cannot change while the process runs, nor can the account a key reads, so a second whoami a minute
 * later would only repeat the answer, and the warehouse's recorded account is still checked before any write
 * (state/account.ts). A run that fails forgets it, so the next one asks again (a revoked key, a base URL
 * that stopped answering are then told by the pre-flight's own words).
 */
export class VerifiedAccount {
  private last: { account: WarehouseAccount; at: number } | null = null;

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A pre-flight named this account now. */
  record(account: WarehouseAccount): void {
    this.last = { account, at: this.now() };
  }

  forget(): void {
    this.last = null;
  }

  /** The account, when a pre-flight named it within `maxAgeMs`; otherwise null (ask again). */
  recent(): WarehouseAccount | null {
    return this.last && this.now() - this.last.at <= this.maxAgeMs ? this.last.account : null;
  }
}
