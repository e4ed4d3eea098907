import { describe, expect, it } from 'vitest';
import { VerifiedAccount } from '../../src/webhooks/verified-account.ts';

describe('VerifiedAccount: the account a recent pre-flight named', () => {
  const account = { id: '42', name: 'Acme', subdomain: 'acme' };

  it('is reused within its age, asked again after it, and forgotten after a failed run', () => {
    let now = 0;
    const v = new VerifiedAccount(60_000, () => now);
    expect(v.recent()).toBeNull();
    v.record(account);
    now = 60_000;
    expect(v.recent()).toEqual(account);
    now = 60_001;
    expect(v.recent()).toBeNull();
    v.record(account);
    v.forget();
    expect(v.recent()).toBeNull();
  });
});
