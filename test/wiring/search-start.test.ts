// A first start of `node dist/server.js` builds the search index in the background (content/search/): it
// says so on the terminal, serves pages meanwhile, and answers searches once built, without a search having
// asked for it. A start on a site that has its index does not build it again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entry, makeSiteFolder, writeSite, type EntryFile } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const ENTRIES = 2_500;
const root = makeSiteFolder('svc-search-start-');
after(() => rmSync(root, { recursive: true, force: true }));

function* posts(): Generator<[string, EntryFile]> {
  for (let n = 0; n < ENTRIES; n++) {
    yield [`content/posts/post-${n}/en.md`, entry({ title: `Post ${n}`, status: 'published', published: '2026-01-01 10:00' }, `Body of post ${n} about ${n % 7 === 0 ? 'larches' : 'lakes'}.`)];
  }
}

async function start(): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn(process.execPath, [SERVER_JS, `--root=${root}`, '--port=0'], { env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
  const port = await waitFor(() => Number(/http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]), 30_000);
  return { child, port, stderr: () => err };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('a first start builds the search index in the background, saying so, and serves pages meanwhile', { timeout: 120_000 }, async () => {
  writeSite(root, {
    settings: { title: 'Many', description: 'Many posts.', url: 'https://many.example', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' },
    entries: posts(),
  });
  const { child, port, stderr } = await start();
  try {
    const home = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(home.status, 200);
    await home.arrayBuffer();
    const found = await waitFor(async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/svc/api/v1/entries?q=larches&limit=1`);
      assert.equal(answer.status, 200);
      return answer.json() as Promise<{ meta: { total: number } }>;
    }, 60_000);
    assert.equal(found.meta.total, Math.ceil(ENTRIES / 7));
    assert.match(stderr(), /svc: building the search index of 2,500 entries in the background; searches answer once it is built\./);
    assert.match(stderr(), /svc: built the search index of 2,500 entries in \d+\.\d s/);
    assert.ok(existsSync(join(root, 'data', 'cache', 'search.sqlite')));
  } finally {
    await stop(child);
  }
  const again = await start();
  try {
    const answer = await fetch(`http://127.0.0.1:${again.port}/svc/api/v1/entries?q=larches&limit=1`);
    assert.equal(answer.status, 200, 'the kept index answers at once');
    await answer.arrayBuffer();
    assert.doesNotMatch(again.stderr(), /building the search index/);
  } finally {
    await stop(again.child);
  }
});

// A start that reads every file while the search index is kept (after an upgrade: the new code reads the
// content index anew) packs the index it read and gives back the pages the reading took, though no search
// build waits for it (store.ts settled()). At 100,000 posts the server otherwise stayed at 320-335 MB for
// good instead of some 210-220. A collection that gives pages back is the one --trace-gc calls "(reduce)": on a
// site this small, the only such is the give-back (the collection after the build is an ordinary one).
test('a start that reads every file beside a kept search index packs its index and gives back the pages', { timeout: 120_000 }, async () => {
  assert.ok(existsSync(join(root, 'data', 'cache', 'search.sqlite')), 'the search index the test before built');
  rmSync(join(root, 'data', 'cache', 'content-index.bin'));
  const child = spawn(process.execPath, ['--trace-gc', SERVER_JS, `--root=${root}`, '--port=0'], { env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off', NODE_DEBUG: 'svc-index' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
  try {
    await waitFor(() => assert.match(err, /adopted .*content-index\.bin/), 60_000);
    await waitFor(() => assert.match(out, /Mark-Compact \(reduce\)/), 10_000);
    assert.doesNotMatch(err, /building the search index/);
  } finally {
    await stop(child);
  }
});
