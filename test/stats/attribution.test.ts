// The four counting rules of issue 18: a visit keeps its source, campaigns count per visit, source
// parameters leave the path, and only a decision that agreed to something counts for the consent share.
// Each is checked three ways: today live, after a restart from the partial aggregate (and lines after
// it), and from the finished day's rollup.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';
import { consentShare } from '../../dist/stats/overview.js';
import { emptyRollup, type Rollup } from '../../dist/stats/store/rollup.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const DAY = '2026-01-15';
/** 10:00 in Berlin on DAY */
const START = Date.UTC(2026, 0, 15, 9, 0);
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const MINUTE = 60_000;

function makeStats(dir = mkdtempSync(join(tmpdir(), 'svc-stats-attr-')), clock = { now: START }) {
  if (!folders.includes(dir)) folders.push(dir);
  const salts = (day: string) => createHash('sha256').update(`salt ${day}`).digest();
  const stats = new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'], salts });
  return { stats, clock, dir };
}

function pv(stats: StatsService, path: string, referrer = '', ip = '203.0.113.7') {
  return stats.collect(JSON.stringify({ t: 'pv', p: path, r: referrer, w: 1280, l: 'de-DE' }), { 'user-agent': FIREFOX }, ip);
}

/**
 * Runs `first` in one process, restarts (the partial aggregate written at close), runs `second` in the
 * next, and gives today's figures live, and the day's rollup the morning after.
 */
function threeWays(first: (stats: StatsService, clock: { now: number }) => void, second: (stats: StatsService, clock: { now: number }) => void) {
  const one = makeStats();
  first(one.stats, one.clock);
  const liveBefore = one.stats.live().rollup();
  one.stats.close();
  const two = makeStats(one.dir, one.clock);
  const resumed = two.stats.live();
  assert.ok(resumed.resumedAt > 0, 'the second process starts from the partial aggregate');
  assert.deepEqual(resumed.rollup(), liveBefore);
  second(two.stats, two.clock);
  const live = two.stats.live().rollup();
  two.clock.now = Date.UTC(2026, 0, 16, 8, 0);
  assert.deepEqual(two.stats.catchUp().days, [DAY]);
  const rolled = two.stats.files.readDaily(DAY)!;
  two.stats.close();
  return { live, rolled };
}

test('a visit keeps the source it arrived with: later page views without a referrer, with an internal one or from another site count for it', () => {
  const { live, rolled } = threeWays((stats, clock) => {
    pv(stats, '/a', 'https://www.google.com/search?q=alps');
    clock.now += MINUTE;
    pv(stats, '/b'); // typed or bookmarked inside the visit: no referrer
  }, (stats, clock) => {
    clock.now += MINUTE;
    pv(stats, '/c', 'https://alps.example/b'); // a step inside the site, after the restart
    clock.now += MINUTE;
    pv(stats, '/f', 'https://t.co/x'); // back from another site inside the visit: still Google's visit
    clock.now += 31 * MINUTE;
    pv(stats, '/d'); // more than 30 quiet minutes: a new visit, direct until a source comes
    clock.now += MINUTE;
    pv(stats, '/e', 'https://news.ycombinator.com/item?id=1'); // the first source this visit brings: it is the visit's
    clock.now += MINUTE;
    pv(stats, '/a');
  });
  for (const day of [live, rolled]) {
    assert.deepEqual(day.referrers, { 'google.com': [1, 4], '(direct)': [1, 1], 'news.ycombinator.com': [1, 2] });
    assert.deepEqual(day.pages['/b']!.from, { 'google.com': 1 });
    assert.deepEqual(day.pages['/c']!.from, { '/b': 1 });
    // Where this page was reached from is still t.co, though the visit counts for Google.
    assert.deepEqual(day.pages['/f']!.from, { 't.co': 1 });
    assert.deepEqual(day.pages['/d']!.from, { '(direct)': 1 });
    assert.deepEqual(day.pages['/a']!.from, { 'google.com': 1, 'news.ycombinator.com': 1 });
    assert.equal(day.visits, 2);
  }
});

test('campaigns count per visit: from the first page view that brings utm_campaign, every page view of the visit counts for it', () => {
  const { live, rolled } = threeWays((stats, clock) => {
    pv(stats, '/a?utm_source=newsletter&utm_campaign=Spring', '', '10.0.0.1');
    clock.now += MINUTE;
    pv(stats, '/b', 'https://alps.example/a', '10.0.0.1');
    // Another visitor arrives direct and takes a campaign link on the site a minute later.
    pv(stats, '/x', '', '10.0.0.2');
  }, (stats, clock) => {
    clock.now += MINUTE;
    pv(stats, '/c', '', '10.0.0.1');
    pv(stats, '/y?utm_campaign=autumn', 'https://alps.example/x', '10.0.0.2');
    clock.now += MINUTE;
    pv(stats, '/z', 'https://alps.example/y', '10.0.0.2');
    // A second campaign inside the same visit: the visit keeps its first.
    pv(stats, '/a?utm_campaign=winter', 'https://alps.example/z', '10.0.0.1');
    clock.now += 40 * MINUTE;
    pv(stats, '/a', '', '10.0.0.1'); // a new visit without a campaign
  });
  for (const day of [live, rolled]) {
    assert.deepEqual(day.campaigns, { spring: [1, 4], autumn: [1, 2] });
    // A campaign's page views equal those of the source the visit arrived through.
    assert.deepEqual(day.referrers.newsletter, [1, 4]);
    assert.deepEqual(day.referrers['(direct)'], [2, 4]);
  }
});

test('ref and source are read as the source; the page is counted by its path alone, without any query', () => {
  const { stats, dir } = makeStats();
  pv(stats, '/post?ref=producthunt', '', '10.0.0.1');
  pv(stats, '/post?source=Mastodon&page=2&utm_medium=social', '', '10.0.0.2');
  pv(stats, '/post?REF=x&q=alps', '', '10.0.0.3');
  pv(stats, '/post', '', '10.0.0.4');
  const day = stats.live().rollup();
  assert.deepEqual(Object.keys(day.pages), ['/post']);
  assert.deepEqual([day.pages['/post']!.v, day.pages['/post']!.pv], [4, 4]);
  assert.deepEqual(day.referrers, { producthunt: [1, 1], mastodon: [1, 1], x: [1, 1], '(direct)': [1, 1] });
  folders.push(dir);
});

test('the consent share counts only decisions that agreed to something: a saved choice with nothing ticked is a refusal', () => {
  const decide = (stats: StatsService, action: string, st: boolean, mk: boolean, em: boolean) =>
    stats.recordConsent({ version: 'v1', action, statistics: st, marketing: mk, externalMedia: em });
  const { live, rolled } = threeWays((stats) => {
    for (let i = 0; i < 5; i++) decide(stats, 'accept_all', true, true, true);
    for (let i = 0; i < 3; i++) decide(stats, 'reject_all', false, false, false);
  }, (stats) => {
    decide(stats, 'save', true, false, false);
    decide(stats, 'save', false, false, true);
    decide(stats, 'save', false, true, true);
    decide(stats, 'save', false, false, false); // saved with nothing ticked
  });
  for (const day of [live, rolled]) {
    assert.equal(day.consent.decisions, 12);
    assert.equal(day.consent.agreed_any, 8);
    assert.equal(consentShare(day), 0.667);
  }
});

test('a daily rollup written before decisions agreeing to something were counted keeps its old reading', () => {
  const { stats, dir, clock } = makeStats();
  const old: Rollup = emptyRollup('2026-01-10');
  old.consent = { decisions: 4, agreed: { statistics: 2 }, actions: { accept_all: 2, reject_all: 1, save: 1 }, versions: { v1: 4 } };
  mkdirSync(join(dir, 'daily'), { recursive: true });
  writeFileSync(join(dir, 'daily', '2026-01-10.json'), JSON.stringify(old));
  stats.recordConsent({ version: 'v1', action: 'save', statistics: false, marketing: false, externalMedia: false });
  clock.now += MINUTE;
  const range = stats.range('2026-01-10', DAY);
  assert.equal(range.consent.decisions, 5);
  // 3 of the old day (4 minus one "reject all"), none of today's.
  assert.equal(range.consent.agreed_any, 3);
  assert.equal(consentShare(range), 0.6);
});
