// The change feed between real processes (issue: one change feed): the real server (dist/server.js) and a
// real stdio session on one site. A write through either shows in the other's lists as soon as it is asked,
// each write is recorded once with who made it and through what, and a change made on disk (a title edited,
// an entry added, one removed) is recorded once, by one process, with both processes running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTwoProcesses } from '../helpers/two-processes.ts';
import type { ChangeEvent } from '../../src/feed/change-event.ts';

const { site, server, stdio, overHttp, overStdio, events } = await startTwoProcesses('Feed test');

/** Asks `read` until `holds` says yes (a change shows) or 10 s passed; the ms it took, for the record. */
async function until(what: string, read: () => Promise<unknown>, holds: (value: any) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (holds(await read())) return performance.now() - started;
    if (performance.now() - started > 10_000) assert.fail(`${what} did not show (server: ${server.stderr()} stdio: ${stdio.stderr()} lease: ${readFileSync(join(site.root, 'data', 'feed', 'finder.json'), 'utf8')} server pid ${server.child.pid} stdio pid ${stdio.child.pid} feed: ${JSON.stringify(events().slice(-3))})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const titles = (list: any) => list.structuredContent.entries.map((item: { title: string }) => item.title);

test('a write through the stdio session shows in the server\'s lists at its next answer, and the other way round, each recorded once with its token', async () => {
  const before = events().length;
  assert.equal((await overStdio('content_update', { id: 'posts/hello', language: 'en', title: 'Hello from stdio' })).isError, undefined);
  // The next answer after the write already has it: the server looks at the feed before it reads.
  assert.ok(titles(await overHttp('content_list', { type: 'post' })).includes('Hello from stdio'));
  assert.equal((await overHttp('content_update', { id: 'posts/hike-day', language: 'en', title: 'Hike over HTTP' })).isError, undefined);
  assert.ok(titles(await overStdio('content_list', { type: 'post' })).includes('Hike over HTTP'));
  const recorded = events().slice(before);
  assert.deepEqual(recorded.map(({ kind, entry, languages, via, person, token: name, paths }) => ({ kind, entry, languages, via, person, token: name, paths })), [
    { kind: 'entry.updated', entry: 'posts/hello', languages: ['en'], via: 'mcp', person: 'ann', token: 'Feed test', paths: ['/de/hello', '/hello'] },
    { kind: 'entry.updated', entry: 'posts/hike-day', languages: ['en'], via: 'mcp', person: 'ann', token: 'Feed test', paths: ['/hike-day'] },
  ]);
});

test('publishing and unpublishing are recorded as such, with the paths they touch', async () => {
  const before = events().length;
  assert.equal((await overHttp('content_publish', { id: 'posts/hello', language: 'de' })).isError, undefined);
  assert.equal((await overStdio('content_unpublish', { id: 'posts/hello', language: 'de' })).isError, undefined);
  assert.deepEqual(events().slice(before).map(({ kind, languages }) => [kind, languages]), [['entry.published', ['de']], ['entry.unpublished', ['de']]]);
});

test('changes on disk are recorded once, by one process, with both running: an edit, an entry added, an entry removed', async () => {
  const before = events().length;
  const file = join(site.root, 'content', 'posts', 'old-news', 'en.md');
  // Saved as careful editors do (a temp file renamed over it): one written in place can be read half-written.
  writeFileSync(`${file}.tmp`, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Old news edited by hand"'));
  renameSync(`${file}.tmp`, file);
  await until('the edit', () => overStdio('content_list', { type: 'post' }), (list) => titles(list).includes('Old news edited by hand'));
  await until('the edit in the server', () => overHttp('content_list', { type: 'post' }), (list) => titles(list).includes('Old news edited by hand'));
  // Copied beside the content folder and moved in at once, as rsync does: a folder seen half-copied is a change of its own.
  cpSync(join(site.root, 'content', 'posts', 'old-news'), join(site.root, 'staging'), { recursive: true });
  renameSync(join(site.root, 'staging'), join(site.root, 'content', 'posts', 'copied'));
  await until('the entry added', () => overHttp('content_list', { type: 'post' }), (list) => list.structuredContent.entries.some((item: { id: string }) => item.id === 'posts/copied'));
  rmSync(join(site.root, 'content', 'posts', 'copied'), { recursive: true });
  await until('the entry removed', () => overStdio('content_list', { type: 'post' }), (list) => !list.structuredContent.entries.some((item: { id: string }) => item.id === 'posts/copied'));
  // Recorded by whichever process holds the finder's lease; then a moment for any second recording, which must not come.
  await until('the removal in the feed', async () => events().slice(before), (found) => found.some((event: ChangeEvent) => event.kind === 'entry.removed'));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const found = events().slice(before);
  assert.deepEqual(found.map(({ kind, entry, via, languages }) => ({ kind, entry, via, languages })), [
    { kind: 'entry.changed', entry: 'posts/old-news', via: 'disk', languages: ['en'] },
    { kind: 'entry.added', entry: 'posts/copied', via: 'disk', languages: ['en'] },
    { kind: 'entry.removed', entry: 'posts/copied', via: 'disk', languages: ['en'] },
  ]);
  assert.deepEqual(found[2]!.before, ['/copied']);
});
