// Today's statistics are counted as lines arrive and kept as a partial aggregate on disk. Whatever happens
// (random lines, restarts with or without the partial aggregate written, a damaged or foreign one, a log
// replaced, another process appending), today's figures equal a count from scratch over the log: the
// Set-based aggregator the typed-array one replaced (test/helpers/reference-day-aggregator.ts).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DayAggregator } from '../../dist/stats/store/day-aggregator.js';
import { StatsService } from '../../dist/stats/stats-service.js';
import { readPartialAggregate, writePartialAggregate } from '../../dist/stats/store/partial-aggregate-file.js';
import { parseLines } from '../../dist/stats/store/rollup-files.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import type { Rollup } from '../../src/stats/store/rollup.ts';
import type { RawLine, BotLogLine } from '../../src/stats/store/raw-event.ts';
import { ReferenceDayAggregator } from '../helpers/reference-day-aggregator.ts';
import { randomDayLines } from '../helpers/random-day-lines.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const DAY = '2026-05-05';
const ZONE = 'Europe/Berlin';
/** 20:00 in Berlin on DAY */
const NOW = Date.UTC(2026, 4, 5, 18, 0);
const START = Date.UTC(2026, 4, 4, 22, 30);

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-stats-today-'));
  folders.push(dir);
  return dir;
}

function service(dir: string, clock = { now: NOW }, trustedFolders = new TrustedFolders([dir])): StatsService {
  return new StatsService({ dir, clock: () => clock.now, timeZone: () => ZONE, siteHosts: () => ['alps.example'], salts: () => Buffer.alloc(32, 3), trustedFolders });
}

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

/** Today's rollup counted from scratch over the logs as they are on disk, in file order. */
function countFromScratch(dir: string): Rollup {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
  // Only complete lines: a line still being written is not counted by anyone yet.
  const complete = (text: string) => text.slice(0, text.lastIndexOf('\n') + 1);
  return reference(parseLines<RawLine>(complete(read(join(dir, 'raw', `${DAY}.ndjson`)))), parseLines<BotLogLine>(complete(read(join(dir, 'bots', `${DAY}.ndjson`))))).toRollup();
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

test('an aggregate written to a partial aggregate file and read back goes on counting exactly', () => {
  const dir = tempDir();
  const path = join(dir, 'partial.bin');
  const mark = { offset: 0, head: '', tail: '' };
  for (let seed = 41; seed <= 52; seed++) {
    const { raw, bots } = randomDayLines(seed, 2500, START, { wideTails: seed === 50 });
    const random = seededRandom(seed);
    let aggregator = new DayAggregator(DAY, ZONE);
    let at = 0;
    while (at < raw.length) {
      const next = Math.min(raw.length, at + 1 + Math.floor(random() * 700));
      for (; at < next; at++) aggregator.add(raw[at]!);
      writePartialAggregate(new TrustedFolders([dir]), path, { day: DAY, timeZone: ZONE, raw: mark, bots: mark }, aggregator.exportState());
      const read = readPartialAggregate(new TrustedFolders([dir]), path, { day: DAY, timeZone: ZONE });
      assert.ok(read, `seed ${seed}: the file is read back`);
      aggregator = DayAggregator.restore(read.state, ZONE);
      assert.deepStrictEqual(aggregator.toRollup(), reference(raw.slice(0, at), []).toRollup(), `seed ${seed} after ${at} lines`);
    }
    for (const line of bots) aggregator.addBot(line);
    assert.deepStrictEqual(aggregator.toRollup(), reference(raw, bots).toRollup(), `seed ${seed}`);
  }
});

/** Ways a partial aggregate on disk can be unfit; each must be ignored, and the day counted from its logs. */
const DAMAGE: Record<string, (path: string, dir: string) => void> = {
  'one byte of the body flipped': (path) => {
    const bytes = readFileSync(path);
    bytes[bytes.length - 3]! ^= 0x20;
    writeFileSync(path, bytes);
  },
  'cut short': (path) => writeFileSync(path, readFileSync(path).subarray(0, Math.floor(statSync(path).size / 2))),
  'not a partial aggregate at all': (path) => writeFileSync(path, '{"visitors": 1000000}\n'),
  'empty': (path) => writeFileSync(path, ''),
  'counted for another day': (path) => {
    const read = readPartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE })!;
    writePartialAggregate(new TrustedFolders([dirname(path)]), path, { day: '2026-05-04', timeZone: ZONE, raw: read.raw, bots: read.bots }, read.state);
  },
  'counted in another time zone': (path) => {
    const read = readPartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE })!;
    writePartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: 'UTC', raw: read.raw, bots: read.bots }, read.state);
  },
  'of other logs (another site\'s)': (path) => {
    const read = readPartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE })!;
    writePartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE, raw: { ...read.raw, head: 'x'.repeat(43) }, bots: read.bots }, read.state);
  },
  'with a valid checksum but an index past its table': (path) => {
    const read = readPartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE })!;
    const onPage = read.state.columns['visitors.onPage'] as Int32Array;
    onPage[0] = 1_000_000;
    writePartialAggregate(new TrustedFolders([dirname(path)]), path, { day: DAY, timeZone: ZONE, raw: read.raw, bots: read.bots }, read.state);
  },
};

test('across restarts, with and without the partial aggregate written, and with a damaged or foreign one, today equals a count from scratch', () => {
  const kinds = Object.keys(DAMAGE);
  for (let seed = 60; seed < 68; seed++) {
    const dir = tempDir();
    const random = seededRandom(seed);
    const { raw, bots } = randomDayLines(seed, 6000, START);
    const rawText = raw.map((line) => JSON.stringify(line) + '\n').join('');
    const botText = bots.map((line) => JSON.stringify(line) + '\n').join('');
    mkdirSync(join(dir, 'raw'), { recursive: true });
    mkdirSync(join(dir, 'bots'), { recursive: true });
    let rawAt = 0, botAt = 0;
    let stats = service(dir);
    let resumedAtLeast = 0;
    for (let step = 0; rawAt < rawText.length || botAt < botText.length; step++) {
      // Append a random piece of each log, often ending inside a line (its writer is not done yet).
      const rawNext = Math.min(rawText.length, rawAt + Math.floor(random() * 60_000));
      const botNext = Math.min(botText.length, botAt + Math.floor(random() * 8_000));
      appendFileSync(join(dir, 'raw', `${DAY}.ndjson`), rawText.slice(rawAt, rawNext));
      appendFileSync(join(dir, 'bots', `${DAY}.ndjson`), botText.slice(botAt, botNext));
      rawAt = rawNext; botAt = botNext;
      const what = random();
      let damaged = false;
      if (what < 0.3) {
        // A graceful restart: the partial aggregate is written at close, the next process reads only what follows.
        stats.close();
        stats = service(dir);
      } else if (what < 0.45) {
        // A crash: whatever partial aggregate was written before stays; the next process reads from its offset.
        stats = service(dir);
      } else if (what < 0.65) {
        stats.close();
        const kind = kinds[step % kinds.length]!;
        if (existsSync(stats.files.partialPath(DAY))) { DAMAGE[kind]!(stats.files.partialPath(DAY), dir); damaged = true; }
        stats = service(dir);
      }
      const expected = countFromScratch(dir);
      assert.deepStrictEqual(stats.live().rollup(), expected, `seed ${seed} step ${step}`);
      assert.deepStrictEqual(stats.range(DAY, DAY).visitors, expected.visitors);
      if (damaged) assert.equal(stats.live().resumedAt, 0, `seed ${seed} step ${step}: an unfit partial aggregate is ignored`);
      resumedAtLeast = Math.max(resumedAtLeast, stats.live().resumedAt);
    }
    assert.ok(resumedAtLeast > 0, `seed ${seed}: some restart went on from the partial aggregate`);
    stats.close();
  }
});

test('a process that starts from the partial aggregate reads only the log after it', () => {
  const dir = tempDir();
  const { raw } = randomDayLines(70, 3000, START);
  mkdirSync(join(dir, 'raw'), { recursive: true });
  const log = join(dir, 'raw', `${DAY}.ndjson`);
  writeFileSync(log, raw.slice(0, 2000).map((line) => JSON.stringify(line) + '\n').join(''));
  const first = service(dir);
  first.live();
  first.close();
  const written = statSync(log).size;
  appendFileSync(log, raw.slice(2000).map((line) => JSON.stringify(line) + '\n').join(''));
  const second = service(dir);
  assert.equal(second.live().resumedAt, written);
  assert.deepStrictEqual(second.live().rollup(), reference(raw, []).toRollup());
  second.close();
  // The second process wrote a partial aggregate covering the whole log; a third reads nothing more.
  const third = service(dir);
  assert.equal(third.live().resumedAt, statSync(log).size);
  assert.deepStrictEqual(third.live().rollup(), reference(raw, []).toRollup());
  third.close();
});

test('a line whose last bytes are not written yet waits, even when the cut falls inside a character', () => {
  const dir = tempDir();
  const lines: RawLine[] = ['/über', '/bergwege/🏔', '/straße/ß', '/日本'].flatMap((p, i) => [
    { k: 'pv', t: START + i * 60_000, v: `v${i}`, p, s: 'bücher.example', c: null, f: null, co: 'DE', l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Linux' },
    { k: 'ev', t: START + i * 60_000 + 1000, v: `v${i}`, p, n: `klick-${p}` },
  ] as RawLine[]);
  const bytes = Buffer.from(lines.map((line) => JSON.stringify(line) + '\n').join(''), 'utf8');
  mkdirSync(join(dir, 'raw'), { recursive: true });
  const log = join(dir, 'raw', `${DAY}.ndjson`);
  writeFileSync(log, '');
  const stats = service(dir);
  for (let at = 0; at < bytes.length;) {
    // Pieces of 1 to 7 bytes: every cut, inside characters of two, three and four bytes too.
    const next = Math.min(bytes.length, at + 1 + (at % 7));
    appendFileSync(log, bytes.subarray(at, next));
    at = next;
    const complete = bytes.subarray(0, bytes.lastIndexOf(0x0a, at - 1) + 1).toString('utf8');
    assert.deepStrictEqual(stats.live().rollup(), reference(parseLines<RawLine>(complete), []).toRollup(), `after ${at} bytes`);
  }
  assert.deepEqual(Object.keys(stats.live().rollup().pages).sort(), ['/bergwege/🏔', '/straße/ß', '/über', '/日本']);
});

test('a log replaced while a process counts it (and its partial aggregate) is counted again from its start', () => {
  const dir = tempDir();
  const first = randomDayLines(71, 1500, START).raw;
  const second = randomDayLines(72, 1200, START).raw;
  mkdirSync(join(dir, 'raw'), { recursive: true });
  const log = join(dir, 'raw', `${DAY}.ndjson`);
  writeFileSync(log, first.map((line) => JSON.stringify(line) + '\n').join(''));
  const stats = service(dir);
  assert.deepStrictEqual(stats.live().rollup(), reference(first, []).toRollup());
  stats.close();
  unlinkSync(log);
  writeFileSync(log, second.map((line) => JSON.stringify(line) + '\n').join(''));
  assert.deepStrictEqual(stats.live().rollup(), reference(second, []).toRollup());
  const fresh = service(dir);
  assert.equal(fresh.live().resumedAt, 0);
  assert.deepStrictEqual(fresh.live().rollup(), reference(second, []).toRollup());
});

test('lines are counted as they arrive, without a question, and the partial aggregate is written when due', async () => {
  const dir = tempDir();
  const clock = { now: NOW };
  const stats = service(dir, clock);
  const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  // About 1.5 MB of page views: past the size at which a first partial aggregate is written.
  for (let i = 0; i < 6000; i++) {
    stats.collect(JSON.stringify({ t: 'pv', p: `/post-${i % 300}/${'x'.repeat(60)}`, r: 'https://news.example/', w: 1200 }), { 'user-agent': ua }, `10.9.${i % 250}.${i % 7}`);
  }
  const partial = stats.files.partialPath(DAY);
  // (A message of its own: without one, each failed poll would have assert parse this file to make one.)
  await waitFor(() => assert.ok(existsSync(partial), 'the partial aggregate is written'), 10_000);
  const saved = readPartialAggregate(new TrustedFolders([dir]), partial, { day: DAY, timeZone: ZONE })!;
  assert.equal(saved.raw.offset, statSync(join(dir, 'raw', `${DAY}.ndjson`)).size);
  assert.deepStrictEqual(DayAggregator.restore(saved.state, ZONE).toRollup(), countFromScratch(dir));
  stats.close();
});

test('the partial aggregate holds visitor hashes, so it is deleted when its day is rolled up', () => {
  const dir = tempDir();
  const clock = { now: NOW };
  const stats = service(dir, clock);
  stats.collect(JSON.stringify({ t: 'pv', p: '/a', r: '', w: 1200 }), { 'user-agent': 'Mozilla/5.0 Firefox/133.0' }, '10.0.0.1');
  assert.equal(stats.range(DAY, DAY).visitors, 1);
  stats.close();
  assert.ok(existsSync(stats.files.partialPath(DAY)));
  clock.now = Date.UTC(2026, 4, 6, 8, 0);
  const next = service(dir, clock);
  assert.deepEqual(next.catchUp().days, [DAY]);
  assert.equal(existsSync(next.files.partialPath(DAY)), false);
  assert.deepEqual(next.files.list('partial'), []);
  next.close();
});

test('a partial aggregate or a day log that is a symbolic link is neither read nor written through', () => {
  const warnings: string[] = [];
  const dir = tempDir();
  // The statistics folder's value, its link warnings heard here (lib/trusted-folders.ts).
  const folders = new TrustedFolders([dir], (line) => warnings.push(line));
  const outside = tempDir();
  const { raw } = randomDayLines(73, 800, START);
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'raw', `${DAY}.ndjson`), raw.map((line) => JSON.stringify(line) + '\n').join(''));
  const first = service(dir, undefined, folders);
  first.live();
  first.close();
  // The partial aggregate moves out of the data folder and a link to it takes its place.
  const partial = first.files.partialPath(DAY);
  renameSync(partial, join(outside, 'partial.bin'));
  symlinkSync(join(outside, 'partial.bin'), partial);
  const kept = readFileSync(join(outside, 'partial.bin'));
  const second = service(dir, undefined, folders);
  assert.equal(second.live().resumedAt, 0);
  assert.deepStrictEqual(second.live().rollup(), reference(raw, []).toRollup());
  second.close();
  assert.deepEqual(readFileSync(join(outside, 'partial.bin')), kept, 'nothing was written through the link');
  // The same for today's log itself: a link in its place is no log.
  const log = join(dir, 'raw', `${DAY}.ndjson`);
  renameSync(log, join(outside, 'day.ndjson'));
  symlinkSync(join(outside, 'day.ndjson'), log);
  unlinkSync(partial);
  const third = service(dir, undefined, folders);
  assert.equal(third.live().rollup().pageviews, 0);
  third.close();
  assert.ok(warnings.some((line) => line.includes('partial')) && warnings.some((line) => line.includes('.ndjson')), warnings.join('\n'));
});
