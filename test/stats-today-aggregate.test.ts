// Today's statistics are counted in typed arrays with every figure kept up to date as lines arrive; they
// equal a count from scratch: the Set-based aggregator this one replaced (test/helpers/reference-day-aggregator.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DayAggregator } from '../src/stats/day-aggregator.js';
import type { Rollup } from '../src/stats/rollup.js';
import type { RawLine, BotLogLine } from '../src/stats/raw-event.js';
import { ReferenceDayAggregator } from './helpers/reference-day-aggregator.js';
import { randomDayLines } from './helpers/random-day-lines.js';

const DAY = '2026-05-05';
const ZONE = 'Europe/Berlin';
const START = Date.UTC(2026, 4, 4, 22, 30);

function reference(raw: readonly RawLine[], bots: readonly BotLogLine[]): ReferenceDayAggregator {
  const aggregator = new ReferenceDayAggregator(DAY, ZONE);
  for (const line of raw) aggregator.add(line);
  for (const line of bots) aggregator.addBot(line);
  return aggregator;
}

/** The reference's rollup as a range reads it: the pages' steps left out. */
function withoutSteps(rollup: Rollup): Rollup {
  const copy = structuredClone(rollup);
  for (const page of Object.values(copy.pages)) { page.from = {}; page.to = {}; }
  return copy;
}

const sortedActive = (active: { path: string; at: number }[]) => active.map((a) => `${a.at} ${a.path}`).sort();

test('the aggregate equals a count from scratch after random sequences of lines (40 seeds)', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const { raw, bots } = randomDayLines(seed, 50 + ((seed * 397) % 3000), START, { wideTails: seed % 10 === 0 });
    const aggregator = new DayAggregator(DAY, ZONE);
    for (const line of raw) aggregator.add(line);
    for (const line of bots) aggregator.addBot(line);
    const expected = reference(raw, bots);
    assert.deepStrictEqual(aggregator.toRollup(), expected.toRollup(), `seed ${seed}`);
    assert.deepStrictEqual(aggregator.toRollup(false), withoutSteps(expected.toRollup()), `seed ${seed} without steps`);
    const since = raw.length > 0 ? raw[raw.length - 1]!.t - 5 * 60_000 : 0;
    assert.deepEqual(sortedActive(aggregator.activeSince(since)), sortedActive(expected.activeSince(since)), `seed ${seed} active`);
  }
});
