import { describe, expect, it } from 'vitest';
import { decodeV1Token, encodeV1Token, paramsFingerprint, v2TokenKey } from '../../src/extract/pager-token.ts';

describe('v1 token fingerprint', () => {
  it('is stable across key order and number/string spelling, and ignores page_token', () => {
    const a = paramsFingerprint('/organizations', { term: 'acme', page_size: 500 });
    expect(paramsFingerprint('/organizations', { page_size: '500', term: 'acme', page_token: 'x', unset: undefined })).toBe(a);
  });
  it('changes with any parameter or the path', () => {
    const a = paramsFingerprint('/organizations', { term: 'acme', page_size: 500 });
    expect(paramsFingerprint('/organizations', { term: 'acme', page_size: 499 })).not.toBe(a);
    expect(paramsFingerprint('/organizations', { term: 'acme' })).not.toBe(a);
    expect(paramsFingerprint('/persons', { term: 'acme', page_size: 500 })).not.toBe(a);
  });
  it('round-trips the persisted form and rejects foreign strings', () => {
    expect(decodeV1Token(encodeV1Token('tok', 'abc'))).toEqual({ t: 'tok', p: 'abc' });
    expect(decodeV1Token('raw-token')).toBeNull();
    expect(decodeV1Token('{"t":1}')).toBeNull();
  });
});

describe('v2 token identity', () => {
  it('a nextUrl and its bare cursor are the same position', () => {
    expect(v2TokenKey('https://api.affinity.co/v2/companies?cursor=abc&limit=5')).toBe(v2TokenKey('abc'));
    expect(v2TokenKey('https://api.affinity.co/v2/companies?limit=5')).not.toBe(v2TokenKey('abc'));
  });
});
