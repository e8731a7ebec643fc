// `svc stats seed` and `svc stats rollup` as real child processes on a temp site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svcCommand } from '../../dist/lib/install-paths.js';
import { entry, writeSite } from '../helpers/write-site.ts';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'svc-stats-cli-'));
  writeSite(root, {
    settings: { title: 'Seed Test', url: 'https://seed.example', languages: { en: 'English' }, default_language: 'en', timezone: 'Europe/Berlin' },
    entries: { 'content/posts/hello/en.md': entry({ title: 'Hello', status: 'published', published: '2025-01-01 10:00' }, 'Hi.') },
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

function svc(args: string[]) {
  const env = { ...process.env };
  for (const name of ['SVC_ROOT', 'SVC_DATA', 'SVC_PORT', 'SVC_HOST', 'SVC_BASE_URL']) delete env[name];
  const result = spawnSync(process.execPath, [CLI, ...args, '--root', root], { encoding: 'utf8', env, timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

test('svc stats seed writes daily rollups over the site\'s real paths and monthly rollups for finished months', () => {
  const run = svc(['stats', 'seed', '--days', '40', '--pageviews-per-day', '50', '--seed', '3']);
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /^Generated \d+ page views over 40 days and today \(2 pages, \d+ raw log lines, [12] monthly rollups?\) in \d+ ms\.\n/);
  const daily = readdirSync(join(root, 'data/stats/daily'));
  assert.equal(daily.length, 40);
  const paths = new Set(daily.flatMap((file) => Object.keys(JSON.parse(readFileSync(join(root, 'data/stats/daily', file), 'utf8')).pages)));
  assert.deepEqual([...paths].sort(), ['/', '/hello']);
  assert.ok(readdirSync(join(root, 'data/stats/monthly')).length >= 1);
  const again = svc(['stats', 'seed', '--days', '40']);
  assert.equal(again.code, 0, again.err);
  assert.match(again.out, /Kept 40 days that already had statistics \(--force overwrites them\)\./);
});

test('svc stats rollup rolls up finished days from their raw logs', () => {
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  rmSync(join(root, 'data/stats/daily', `${day}.json`), { force: true });
  // The seed's raw log of today may be rolled up and gone already (near midnight in the site's zone).
  mkdirSync(join(root, 'data/stats/raw'), { recursive: true });
  writeFileSync(join(root, 'data/stats/raw', `${day}.ndjson`), JSON.stringify({ k: 'pv', t: Date.parse(`${day}T12:00:00Z`), v: 'abc', p: '/hello', s: null, c: null, f: null, co: 'DE', l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Linux' }) + '\n');
  const run = svc(['stats', 'rollup']);
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, new RegExp(`^Rolled up 1 day \\(${day} to ${day}\\) and [01] months?; removed 0 files past retention\\.\\n$`));
  const rollup = JSON.parse(readFileSync(join(root, 'data/stats/daily', `${day}.json`), 'utf8'));
  assert.equal(rollup.pageviews, 1);
  assert.equal(readFileSync(join(root, 'data/stats/raw', `${day}.ndjson`), 'utf8').includes('abc'), false);
  const nothing = svc(['stats', 'rollup']);
  assert.equal(nothing.out, 'Rolled up 0 days and 0 months; removed 0 files past retention.\n');
});

test('svc stats refuses bad options and unknown subcommands', () => {
  const bad = svc(['stats', 'seed', '--days', 'lots']);
  assert.equal(bad.code, 2);
  const help = `${svcCommand()} help lists the commands.`;
  assert.equal(bad.err, `svc: --days takes a whole number from 0 to 800; ${help}\n`);
  const tooMany = svc(['stats', 'seed', '--raw-days', '36']);
  assert.equal(tooMany.err, `svc: --raw-days takes a whole number from 0 to 35; ${help}\n`);
  const pastSeeds = svc(['stats', 'seed', '--seed', '4294967296']);
  assert.equal(pastSeeds.code, 2);
  assert.equal(pastSeeds.err, `svc: --seed takes a whole number from 0 to 4294967295; ${help}\n`);
  const unknown = svc(['stats', 'wipe']);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.err, `svc: Unknown stats command "wipe"; use seed or rollup; ${help}\n`);
  const noSite = spawnSync(process.execPath, [CLI, 'stats', 'rollup', '--root', join(root, 'nowhere')], { encoding: 'utf8' });
  assert.equal(noSite.status, 1);
  assert.equal(noSite.stderr, `svc: There is no folder ${join(root, 'nowhere')}; create a site there with: ${svcCommand()} init --root ${join(root, 'nowhere')}\n`);
  assert.equal(existsSync(join(root, 'nowhere')), false);
});

test('svc stats seed takes every seed its message offers, ten digits too', () => {
  for (const seed of ['1000000000', '2147483648', '4294967295']) {
    const run = svc(['stats', 'seed', '--days', '0', '--seed', seed]);
    assert.equal(run.code, 0, `--seed ${seed}: ${run.err}`);
  }
});
