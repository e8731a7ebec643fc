// Day names as the statistics take them from outside (lib/day-math.ts): the years a range may have, and the
// step past the four-digit years that a loop over days must never take.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, daysBetween, eachDay, isDayName, FIRST_YEAR, LAST_YEAR } from '../../dist/lib/day-math.js';

test('a day name is a day that exists, in the years 1000 to 9998', () => {
  assert.deepEqual([FIRST_YEAR, LAST_YEAR], [1000, 9998]);
  for (const day of ['2026-03-01', '2024-02-29', '1000-01-01', '9998-12-31']) assert.equal(isDayName(day), true, day);
  for (const day of ['2026-02-29', '2026-13-01', '2026-3-1', '0999-12-31', '0000-01-01', '9999-01-01', '9999-12-31', '+10000-01-01', '2026-03-01 ', '']) assert.equal(isDayName(day), false, day);
});

test('every day a range of accepted days reaches is a four-digit day, and stepping past 9999 throws instead of looping', () => {
  // The previous period of a 400-day range from the first day, the last month of a range to the last.
  assert.equal(addDays('1000-01-01', -400), '0998-11-27');
  assert.equal(addDays('9998-12-31', 31), '9999-01-31');
  assert.deepEqual(eachDay('9998-12-30', '9999-01-02'), ['9998-12-30', '9998-12-31', '9999-01-01', '9999-01-02']);
  assert.equal(daysBetween('9998-12-31', '9999-12-31'), 365);
  assert.throws(() => addDays('9999-12-31', 1), RangeError);
  // The loop that went on for ever (a range ending on 9999-12-31) now ends with that error.
  assert.throws(() => eachDay('9999-12-30', '9999-12-31'), RangeError);
  assert.throws(() => addDays('0000-01-01', -1), RangeError);
});
