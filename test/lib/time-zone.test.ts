// Offsets of a time zone come from Intl and are kept per UTC day, or per quarter hour on a day with a change
// (lib/time-zone.ts): every instant here, on both sides of daylight-saving changes, before 1970 and in zones
// with half-hour offsets, gives the offset Intl names for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatIsoWithOffset, offsetMinutes, parseSiteTime } from '../../dist/lib/time-zone.js';

/** The offset as Intl names it ("GMT+05:30"), in minutes: an oracle that shares no code with the cache. */
function intlNamedOffset(ms: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms).find((part) => part.type === 'timeZoneName')!.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  assert.ok(match, name);
  return match[1] === undefined ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const QUARTER_HOUR = 900_000;
const cases: Array<[timeZone: string, around: string]> = [
  ['Europe/Berlin', '2026-03-29T01:00:00Z'],
  ['Europe/Berlin', '2026-10-25T01:00:00Z'],
  ['America/New_York', '2026-03-08T07:00:00Z'],
  ['America/New_York', '1960-04-24T07:00:00Z'],
  ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
  ['Asia/Kolkata', '1945-10-14T18:30:00Z'],
  ['UTC', '1969-12-31T23:00:00Z'],
];

test('every quarter hour around a change has the offset Intl names', () => {
  for (const [timeZone, around] of cases) {
    const middle = Date.parse(around);
    for (let ms = middle - 26 * 4 * QUARTER_HOUR; ms <= middle + 26 * 4 * QUARTER_HOUR; ms += QUARTER_HOUR) {
      assert.equal(offsetMinutes(ms, timeZone), intlNamedOffset(ms, timeZone), `${timeZone} at ${new Date(ms).toISOString()}`);
      // Asked again, from what was kept.
      assert.equal(offsetMinutes(ms + 60_000, timeZone), intlNamedOffset(ms + 60_000, timeZone), `${timeZone} at ${new Date(ms + 60_000).toISOString()}`);
    }
  }
});

test('site times read and written with the zone offset', () => {
  assert.equal(formatIsoWithOffset(Date.parse('2026-03-02T07:00:00Z'), 'Europe/Berlin'), '2026-03-02T08:00:00+01:00');
  assert.equal(formatIsoWithOffset(Date.parse('2026-07-02T07:00:00Z'), 'Europe/Berlin'), '2026-07-02T09:00:00+02:00');
  assert.equal(formatIsoWithOffset(Date.parse('1960-01-01T12:00:00Z'), 'Asia/Kolkata'), '1960-01-01T17:30:00+05:30');
  assert.equal(parseSiteTime('2026-07-02 09:00', 'Europe/Berlin'), Date.parse('2026-07-02T07:00:00Z'));
  // 02:30 does not exist on the day clocks go forward: the instant just after the jump.
  assert.equal(parseSiteTime('2026-03-29 02:30', 'Europe/Berlin'), Date.parse('2026-03-29T01:30:00Z'));
  assert.equal(parseSiteTime('2026-02-30 10:00', 'Europe/Berlin'), null);
});

test('a site time is read only when it names a day that exists, in ASCII digits', () => {
  assert.equal(parseSiteTime(' 2026-07-02T09:00 ', 'Europe/Berlin'), Date.parse('2026-07-02T07:00:00Z'));
  assert.equal(parseSiteTime('2026-07-02', 'Europe/Berlin'), Date.parse('2026-07-01T22:00:00Z'));
  assert.equal(parseSiteTime('2024-02-29', 'UTC'), Date.parse('2024-02-29T00:00:00Z'));
  assert.equal(parseSiteTime('2026-12-31 23:59', 'UTC'), Date.parse('2026-12-31T23:59:00Z'));
  for (const text of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '2026-01-01 24:00',
    '2026-01-01 23:60', '2026-01-01x10:00', '2026-1-01', '2026-01-01 9:00', '2026-01-01 -1:00', '２０２６-01-01', '2026-01-01 10:00:00', '']) {
    assert.equal(parseSiteTime(text, 'UTC'), null, text);
  }
});

test('the years 1 to 99 are read as written, not as 1900 to 1999; year 0 is none', () => {
  assert.equal(new Date(parseSiteTime('0050-06-15 12:00', 'UTC')!).toISOString(), '0050-06-15T12:00:00.000Z');
  assert.equal(new Date(parseSiteTime('0099-12-31', 'UTC')!).toISOString(), '0099-12-31T00:00:00.000Z');
  assert.equal(new Date(parseSiteTime('0004-02-29', 'UTC')!).toISOString(), '0004-02-29T00:00:00.000Z', 'a leap year of its own, 1904 or not');
  assert.equal(parseSiteTime('0001-02-29', 'UTC'), null);
  assert.equal(parseSiteTime('0000-01-01 00:00', 'UTC'), null);
  // Local mean time in Berlin then (Intl's zone data): 0:53 ahead, as in 1850.
  assert.equal(formatIsoWithOffset(parseSiteTime('0050-06-15 12:00', 'Europe/Berlin')!, 'Europe/Berlin').slice(0, 16), '0050-06-15T12:00');
});

test('instants met in any order, over a hundred years, have the offset Intl names', () => {
  // A first start meets its entries' days in no order; each day's offset comes from the starts of it and the next.
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (const timeZone of ['Europe/Berlin', 'America/Sao_Paulo', 'Africa/Casablanca', 'Australia/Lord_Howe', 'Asia/Tehran', 'Pacific/Apia']) {
    for (let i = 0; i < 300; i++) {
      const ms = Date.parse('1950-01-01T00:00:00Z') + Math.floor(random() * 100 * 365.25 * 96) * QUARTER_HOUR;
      assert.equal(offsetMinutes(ms, timeZone), intlNamedOffset(ms, timeZone), `${timeZone} at ${new Date(ms).toISOString()}`);
    }
  }
});
