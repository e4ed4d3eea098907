import { describe, expect, it } from 'vitest';
import { REPLACEMENT_CHARACTER as R, storableJson, storableRow, storableText } from '../../src/load/write/storable-text.ts';

describe('storableText', () => {
  it('replaces NUL and each lone surrogate with U+FFFD, keeping length', () => {
    expect(storableText('a\u0000b')).toBe(`a${R}b`);
    expect(storableText('\uD83D')).toBe(R);
    expect(storableText('\uDE00x')).toBe(`${R}x`);
    expect(storableText('x\uD83D\uD83D\uDE00')).toBe(`x${R}\uD83D\uDE00`); // a lone high before a pair
    expect(storableText('\uDE00\uDE00')).toBe(`${R}${R}`);
    const s = 'cut emoji \uD83D';
    expect(storableText(s)).toHaveLength(s.length);
  });

  it('returns storable text unchanged: emoji, quotes, SQL, RTL override, other controls, empty', () => {
    for (const s of ['', '\uD83D\uDE00 ok', `O'Brien "quoted"`, "'); drop table companies; --", '\u202Egnp.exe', 'tab\tnl\n\u0001\u007F']) {
      expect(storableText(s)).toBe(s);
    }
  });
});

describe('storableJson', () => {
  it('decodes, sanitises and re-encodes JSON whose strings hold NUL or lone surrogates (escaped or raw)', () => {
    expect(storableJson(JSON.stringify({ a: 'x\u0000', b: ['\uD800'] }))).toBe(JSON.stringify({ a: `x${R}`, b: [R] }));
    expect(storableJson('{"k\\u0000":"\\udc00"}')).toBe(JSON.stringify({ [`k${R}`]: R }));
    expect(storableJson('"raw \u0000 nul"')).toBe(JSON.stringify(`raw ${R} nul`));
  });

  it('leaves clean JSON byte for byte, and an escaped pair means its character', () => {
    const clean = '{"a": 1.50, "b":"\\n"}';
    expect(storableJson(clean)).toBe(clean);
    expect(JSON.parse(storableJson('"\\ud83d\\ude00"'))).toBe('\uD83D\uDE00');
    expect(JSON.parse(storableJson(String.raw`"C:\\u0000"`))).toBe(String.raw`C:\u0000`);
  });

  it('treats text that is not JSON as plain text', () => {
    expect(storableJson('not json \u0000')).toBe(`not json ${R}`);
  });
});

describe('storableRow', () => {
  it('sanitises every string value, as JSON in the named columns, and leaves other values alone', () => {
    expect(storableRow({ a: 'x\u0000', j: '["\\u0000"]', n: 5, z: null }, ['j'])).toEqual({ a: `x${R}`, j: `["${R}"]`, n: 5, z: null });
  });
});
