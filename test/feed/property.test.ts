// The change feed as a property (issue: one change feed): a seeded mix of writes through two real processes
// (the server over HTTP, a stdio session), hand edits, entries added, removed and renamed on disk, publishing,
// unpublishing and scheduling. The feed must hold each change exactly once, in the order they were made, and
// afterwards both processes' lists must equal what a store reading every file anew finds.
// FEED_SEED=<n> replays a run; the seed is printed with every failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTwoProcesses } from '../helpers/two-processes.ts';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { ContentStore } from '../../dist/content/store.js';

const SEED = Number(process.env.FEED_SEED ?? 20261204);
const STEPS = 36;

const { site, overHttp, overStdio, events } = await startTwoProcesses('Property');
const recorded = () => events().map((event) => `${event.kind} ${event.entry} ${event.via}`);
const done = (result: any, what: string) => assert.equal(result.isError, undefined, `seed ${SEED}: ${what}: ${result.content?.[0]?.text}`);

/** Waits until the feed holds `count` events (those found on disk come a moment after the change). */
async function recordedCount(count: number, what: string): Promise<void> {
  const started = Date.now();
  while (recorded().length < count) {
    if (Date.now() - started > 10_000) assert.fail(`seed ${SEED}: ${what} was not recorded (feed: ${recorded().slice(-5).join(' | ')})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test(`a seeded mix of writes through two processes and changes on disk is recorded once each, in order (seed ${SEED})`, async () => {
  const next = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const posts = ['posts/hello', 'posts/hike-day', 'posts/old-news', 'posts/bobs-draft'];
  const onDisk: string[] = [];
  const expected: string[][] = [];
  let made = 0;
  let deShown = false;
  let scheduled = false;
  const expect = async (...events: string[]) => {
    expected.push(events);
    await recordedCount(expected.flat().length, events.join(', '));
  };
  for (let step = 0; step < STEPS; step++) {
    const roll = next();
    if (roll < 0.2) {
      const id = pick(posts);
      done(await overStdio('content_update', { id, language: 'en', title: `Stdio ${step}` }), 'content_update');
      await expect(`entry.updated ${id} mcp`);
    } else if (roll < 0.4) {
      const id = pick(posts);
      done(await overHttp('content_update', { id, language: 'en', title: `HTTP ${step}` }), 'content_update');
      await expect(`entry.updated ${id} mcp`);
    } else if (roll < 0.55) {
      const id = pick([...posts, ...onDisk]);
      // Written as editors that save safely do (a temp file renamed over it): a file written in place can be
      // read half-written, which is a change of its own (and recorded as one).
      const file = join(site.root, 'content', id, 'en.md');
      writeFileSync(`${file}.${step}.tmp`, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "By hand ${step}"`));
      renameSync(`${file}.${step}.tmp`, file);
      await expect(`entry.changed ${id} disk`);
    } else if (roll < 0.68 || onDisk.length === 0) {
      // Copied beside the content folder and moved in at once (rsync does the same): a folder seen half-copied
      // is a change of its own.
      const id = `posts/made-${++made}`;
      cpSync(join(site.root, 'content', pick(posts)), join(site.root, 'staging'), { recursive: true });
      renameSync(join(site.root, 'staging'), join(site.root, 'content', id));
      onDisk.push(id);
      await expect(`entry.added ${id} disk`);
    } else if (roll < 0.76) {
      const id = onDisk.splice(Math.floor(next() * onDisk.length), 1)[0]!;
      rmSync(join(site.root, 'content', id), { recursive: true });
      await expect(`entry.removed ${id} disk`);
    } else if (roll < 0.84) {
      const from = onDisk.splice(Math.floor(next() * onDisk.length), 1)[0]!;
      const to = `posts/made-${++made}`;
      renameSync(join(site.root, 'content', from), join(site.root, 'content', to));
      onDisk.push(to);
      await expect(`entry.removed ${from} disk`, `entry.added ${to} disk`);
    } else if (roll < 0.93) {
      deShown = !deShown;
      const call = deShown ? overHttp : overStdio;
      done(await call(deShown ? 'content_publish' : 'content_unpublish', { id: 'posts/hello', language: 'de' }), deShown ? 'content_publish' : 'content_unpublish');
      await expect(`${deShown ? 'entry.published' : 'entry.unpublished'} posts/hello mcp`);
    } else {
      // A draft scheduled far ahead, or taken back to a draft.
      scheduled = !scheduled;
      if (scheduled) done(await overHttp('content_publish', { id: 'posts/carls-draft', language: 'en', at: '2099-01-01 10:00' }), 'content_publish');
      else done(await overStdio('content_unpublish', { id: 'posts/carls-draft', language: 'en' }), 'content_unpublish');
      await expect(`${scheduled ? 'entry.scheduled' : 'entry.unpublished'} posts/carls-draft mcp`);
    }
  }
  // A moment for anything recorded twice to arrive, which must not.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const got = recorded();
  let at = 0;
  for (const events of expected) {
    // A rename's two events may come in either order; everything else in the order made.
    assert.deepEqual([...got.slice(at, at + events.length)].sort(), [...events].sort(), `seed ${SEED}: events ${at + 1}..${at + events.length}`);
    at += events.length;
  }
  assert.equal(got.length, at, `seed ${SEED}: nothing more (${got.slice(at).join(' | ')})`);

  // Every process's list equals a store that reads every file anew.
  const fresh = new ContentStore({ root: site.root, clock: Date.now, log: () => {} });
  const truth = fresh.entries().filter((entry) => entry.type.key === 'post').map((entry) => `${entry.id}: ${entry.translations.get('en')?.title}`).sort();
  const listed = (list: any) => list.structuredContent.entries.map((entry: { id: string; title: string }) => `${entry.id}: ${entry.title}`).sort();
  assert.deepEqual(listed(await overHttp('content_list', { type: 'post', language: 'en', limit: 100 })), truth, `seed ${SEED}: the server's list`);
  assert.deepEqual(listed(await overStdio('content_list', { type: 'post', language: 'en', limit: 100 })), truth, `seed ${SEED}: the stdio session's list`);
});
