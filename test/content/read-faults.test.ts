// The read half of disk faults (issue 31): a file the server may not read, and the content/ folder taken
// away while serving. Each answers a clear error or a 404, changes nothing on disk, and the server keeps
// serving what it can: other entries, the panel's sign-in, the statistics.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, renameSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { refuseOpensForTests } from '../../dist/lib/regular-file.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let base: string;
const logged: string[] = [];

// The index's reports go to the process log (stderr) by the sink given when the store was built.
const writeStderr = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  logged.push(...String(chunk).split('\n').filter(Boolean));
  return writeStderr(chunk, ...rest);
}) as typeof process.stderr.write;

before(async () => {
  ({ site, http, base } = served = await serveTestSite());
});
after(async () => {
  refuseOpensForTests(null);
  await served.close();
});

const tool = (name: string, args: Record<string, unknown>) => callTool(site, http.url, site.tokens.admin!, name, args);

/** What still works whatever happened to content/: the panel's sign-in and the statistics. */
async function panelAndStatsServe(): Promise<void> {
  const jar = await served.signIn('ann@example.org');
  assert.ok(jar.cookies.size > 0, 'signed in');
  const stats = await tool('stats_overview', {});
  assert.equal(stats.isError, undefined);
}

/**
 * Makes `file` unreadable. chmod 000 stops everyone but root; run as root (as CI containers often are), the
 * EACCES is put at the one open every read goes through (lib/regular-file.ts), which the machine cannot make.
 */
function makeUnreadable(file: string): () => void {
  if (process.getuid?.() === 0) {
    refuseOpensForTests((path) => path === file);
    return () => refuseOpensForTests(null);
  }
  chmodSync(file, 0o000);
  return () => chmodSync(file, 0o644);
}

test('a translation the server may not read: the entry is skipped and reported, nothing is lost, the rest is served', async () => {
  const file = join(site.root, 'content', 'posts', 'old-news', 'en.md');
  const before = readFileSync(file);
  const restore = makeUnreadable(file);
  try {
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    site.deps.content.invalidate();
    const read = await tool('content_read', { id: 'posts/old-news' });
    assert.equal(read.isError, true);
    assert.match(read.content[0].text, /There is no entry with the id "posts\/old-news"/);
    assert.equal((await fetch(`${base}/old-news`)).status, 404);
    const api = await fetch(`${base}/svc/api/v1/entry?id=posts/old-news`);
    assert.equal(api.status, 404);
    assert.ok(logged.includes('svc: skipping content/posts/old-news/en.md: permission denied'), logged.join('\n'));
    assert.equal((await fetch(`${base}/hello`)).status, 200);
    assert.equal((await fetch(`${base}/`)).status, 200);
    await panelAndStatsServe();
  } finally {
    restore();
  }
  assert.deepEqual(readFileSync(file), before, 'the file is as it was');
  site.deps.content.invalidate();
  assert.equal((await tool('content_read', { id: 'posts/old-news' })).structuredContent.fields.title, 'Old news');
});

test('a media file the server may not read answers 404, and the entry\'s other files are served', async () => {
  const file = join(site.root, 'content', 'media', 'posts', 'hello', 'view.jpg');
  const restore = makeUnreadable(file);
  try {
    const served = await fetch(`${base}/media/posts/hello/view.jpg`);
    assert.equal(served.status, 404);
    assert.deepEqual(await served.json(), { message: 'No such file.' });
    assert.equal((await fetch(`${base}/media/posts/hello/photo.png`)).status, 200);
  } finally {
    restore();
  }
  assert.equal(readFileSync(file, 'utf8'), 'not really a jpeg');
});

test('content/ taken away while serving: pages answer 404 or an error, nothing is written, the panel and stats keep working, and it serves again once back', async () => {
  const content = join(site.root, 'content');
  const aside = join(site.root, 'content-aside');
  renameSync(content, aside);
  try {
    site.deps.content.invalidate();
    const page = await fetch(`${base}/hello`);
    assert.ok([404, 503].includes(page.status), `the page answers ${page.status}`);
    const media = await fetch(`${base}/media/posts/hello/photo.png`);
    assert.equal(media.status, 404);
    const read = await tool('content_read', { id: 'posts/hello' });
    assert.equal(read.isError, true);
    const home = await fetch(`${base}/`);
    assert.ok(home.status < 500, `the home page answers ${home.status}`);
    await home.text();
    await panelAndStatsServe();
    // Nothing made a new content/ in its place.
    assert.throws(() => readFileSync(join(content, 'site.yaml')), { code: 'ENOENT' });
  } finally {
    renameSync(aside, content);
  }
  site.deps.content.invalidate();
  assert.equal((await fetch(`${base}/hello`)).status, 200);
  assert.equal((await tool('content_read', { id: 'posts/hello' })).structuredContent.fields.title, 'Hello Alps');
});
