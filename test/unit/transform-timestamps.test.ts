import { describe, expect, it } from 'vitest';
import { TimestampError, htmlToText, normalizeTimestamp, offsetToMs } from '../../src/transform/index.ts';

describe('normalizeTimestamp', () => {
  it.each([
    ['2021-10-04T08:54:24.694-04:00', '2021-10-04T12:54:24.694Z'],
    ['2017-01-16T16:34:03.539-08:00', '2017-01-17T00:34:03.539Z'],
    ['2015-12-11T02:26:56.537-08:00', '2015-12-11T10:26:56.537Z'],
    ['2023-01-01T00:00:00Z', '2023-01-01T00:00:00.000Z'],
    ['2024-04-01T07:00:00.000Z', '2024-04-01T07:00:00.000Z'],
    ['2023-01-01T00:00:00.123456789Z', '2023-01-01T00:00:00.123Z'],
    ['2023-01-01T00:00:00.5+05:30', '2022-12-31T18:30:00.500Z'],
    ['2020-03-01T01:00:00+0200', '2020-02-29T23:00:00.000Z'],
    ['2021-11-11 06:58:31 -0800', '2021-11-11T14:58:31.000Z'],
    ['2023-06-30T23:59Z', '2023-06-30T23:59:00.000Z'],
    ['2020-02-29T00:00:00Z', '2020-02-29T00:00:00.000Z'],
    ['2023-12-31T24:00:00Z', '2024-01-01T00:00:00.000Z'],
    // Every RFC 3339 form: lowercase separators, leap seconds (the next second), years 0000–9999 as written.
    ['2024-05-01t10:20:30z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01t10:20:30.25+02:00', '2024-05-01T08:20:30.250Z'],
    ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00.000Z'],
    ['2016-12-31T23:59:60.123Z', '2017-01-01T00:00:00.123Z'],
    ['2015-07-01T01:59:60+02:00', '2015-07-01T00:00:00.000Z'],
    ['0024-05-01T00:00:00Z', '0024-05-01T00:00:00.000Z'],
    ['0099-12-31T23:59:59.999Z', '0099-12-31T23:59:59.999Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
    ['0000-02-29T12:00:00Z', '0000-02-29T12:00:00.000Z'],
    ['0001-01-01T00:30:00+01:00', '0000-12-31T23:30:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeTimestamp(input)).toBe(expected);
  });

  it('null and undefined stay null', () => {
    expect(normalizeTimestamp(null)).toBeNull();
    expect(normalizeTimestamp(undefined)).toBeNull();
  });

  it.each([
    '',
    'yesterday',
    '2023-01-01',
    '2023-01-01T00:00:00',
    '2023-13-01T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2023-04-31T00:00:00Z',
    '2023-01-01T25:00:00Z',
    '2023-01-01T00:60:00Z',
    '2023-01-01T00:00:00+25:00',
    '2023-01-01T00:00:61Z',
    '2023-01-01X00:00:00Z',
    '0000-01-01T00:00:00+01:00',
    '9999-12-31T23:59:60Z',
  ])('throws a descriptive TimestampError for %j', (input) => {
    expect(() => normalizeTimestamp(input)).toThrow(TimestampError);
    expect(() => normalizeTimestamp(input)).toThrow(/invalid timestamp .*expected ISO-8601/);
  });
});

describe('time helpers', () => {
  it.each([
    ['00:00:06', 6000],
    ['01:02:03', 3723000],
    ['02:03', 123000],
    ['00:00:01.25', 1250],
    [7500, 7500],
    [6000.4, 6000],
    ['12', 12000],
    [null, null],
    ['soon', null],
    [-1, null],
  ] as const)('offsetToMs(%j) = %j', (input, expected) => {
    expect(offsetToMs(input)).toBe(expected);
  });

  it('htmlToText drops tags, keeps line structure and decodes entities', () => {
    expect(htmlToText('<p>Hello &amp; <b>welcome</b></p><p>Line&nbsp;2<br/>3 &#39;x&#x27;</p>')).toBe("Hello & welcome\nLine 2\n3 'x'");
    expect(htmlToText(null)).toBeNull();
    expect(htmlToText('&#99999999; &bogus;')).toBe('&#99999999; &bogus;');
  });
});
