// The stamp sweep (content/stamp-sweep.ts) on a real folder: what a pass reports as changed, added and
// removed, for posts and for pages with child pages.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StampSweep, type SweepSetup } from '../../dist/content/list-engine/stamp-sweep.js';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function write(root: string, id: string, file = 'en.md'): void {
  mkdirSync(join(root, id), { recursive: true });
  writeFileSync(join(root, id, file), `---\ntitle: ${id}\n---\nText.\n`);
}

function site(): SweepSetup {
  const root = mkdtempSync(join(tmpdir(), 'svc-sweep-'));
  roots.push(root);
  for (const id of ['posts/b-post', 'posts/a-post', 'posts/c-post', 'pages/about', 'pages/about/team', 'pages/contact']) write(root, id);
  return { contentDir: root, folders: [{ folder: 'posts', nested: false }, { folder: 'pages', nested: true }], maxDepth: 3, files: ['en.md', 'de.md', 'style.css'] };
}

function wholePass(sweep: StampSweep): string[] {
  const pass = sweep.pass();
  let step = pass.next();
  const found: string[] = [];
  while (!step.done) { found.push(...sweep.takeFound()); step = pass.next(); }
  return [...found, ...step.value].sort();
}

test('a pass reports every folder new to it, then nothing until something changes', () => {
  const setup = site();
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  assert.deepEqual(wholePass(sweep), ['pages/about', 'pages/about/team', 'pages/contact', 'posts/a-post', 'posts/b-post', 'posts/c-post']);
  assert.deepEqual(wholePass(sweep), []);
  assert.equal(sweep.folders, 6);
});

test('added, edited and removed entries are reported, a removed page with its children', () => {
  const setup = site();
  const root = setup.contentDir;
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  wholePass(sweep);
  write(root, 'posts/b-post', 'de.md');
  write(root, 'posts/aa-post');
  write(root, 'pages/about/team/history');
  rmSync(join(root, 'posts/c-post'), { recursive: true });
  assert.deepEqual(wholePass(sweep), ['pages/about/team/history', 'posts/aa-post', 'posts/b-post', 'posts/c-post']);
  rmSync(join(root, 'pages/about'), { recursive: true });
  assert.deepEqual(wholePass(sweep), ['pages/about', 'pages/about/team', 'pages/about/team/history']);
  assert.deepEqual(wholePass(sweep), []);
  assert.equal(sweep.folders, 4);
  assert.deepEqual(sweep.newestEntries(10).map((entry) => entry.id).sort(), ['pages/contact', 'posts/a-post', 'posts/aa-post', 'posts/b-post']);
});
