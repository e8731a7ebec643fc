// The three MCP Apps views drawn in Chromium by the official ext-apps SDK's host side (AppBridge,
// test/helpers/ext-apps-host.ts), from the answers of the real server on port 0 and of the real stdio
// process: each view's document from resources/read, the tool's result from tools/call, and the entry
// preview's page read back through the bridge. Asserts what is drawn: titles, table rows, the diff.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { findChromium, loadBrowserTools, type Browser } from '../helpers/browser.ts';
import { drawView, extAppsHostBundle, startHostPage, UI_CAPABILITIES } from '../helpers/ext-apps-host.ts';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { post, startHttp, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';

const chromiumPath = findChromium();
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const skip = !chromiumPath && 'Chromium is not installed';

let site: TestSite;
let server: HttpHarness;
let host: { url: string; close(): Promise<void> };
let browser: Browser;
let session: Record<string, string>;
let id = 1;

before(async () => {
  if (!chromiumPath) return;
  const bundle = extAppsHostBundle();
  site = await makeTestSite();
  // A little traffic through the collector, so the statistics have rows to draw.
  const fixedNow = site.clock.now;
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => Buffer.from(`salt ${day}`.padEnd(32, '.')));
  const visit = (iso: string, path: string, ip: string, referrer = '') => {
    site.clock.now = Date.parse(iso);
    site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: referrer, w: 1300, z: 'Europe/Vienna', l: 'de-AT' }), { 'user-agent': UA }, ip);
  };
  visit('2026-03-08T08:00:00Z', '/hello', '10.0.0.1', 'https://www.google.com/');
  visit('2026-03-09T08:00:00Z', '/hello', '10.0.0.2');
  visit('2026-03-09T09:00:00Z', '/hike-day', '10.0.0.3', 'https://news.ycombinator.com/item?id=1');
  site.clock.now = fixedNow;
  server = await startHttp(site, { requestsPerMinute: null });
  host = await startHostPage(bundle);
  browser = await loadBrowserTools().chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const init = await post(server.url, { jsonrpc: '2.0', id: id++, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: UI_CAPABILITIES, clientInfo: { name: 'ext-apps host test', version: '1' } } }, site.tokens.admin!);
  session = { 'mcp-session-id': init.headers.get('mcp-session-id')! };
});
after(async () => {
  if (!chromiumPath) return;
  await browser?.close();
  await host?.close();
  await server?.close();
  site?.cleanup();
});

type Rpc = (method: string, params: unknown) => Promise<any>;

const overHttp: Rpc = async (method, params) => {
  site.clock.now += 1000;
  const answer = await post(server.url, { jsonrpc: '2.0', id: id++, method, params }, site.tokens.admin!, session);
  if (answer.json.error) throw new Error(answer.json.error.message);
  return answer.json.result;
};

const overStdio = (child: StdioChild): Rpc => async (method, params) => {
  const answer = await child.request(method, params);
  if (answer.error) throw new Error(answer.error.message);
  return answer.result;
};

/** The host's part: the tool's view from tools/list, its document, the call, then the view drawn with the result. */
async function drawTool(rpc: Rpc, name: string, args: Record<string, unknown>, hostContext: Record<string, unknown>) {
  const tools = (await rpc('tools/list', {})).tools;
  const uri = tools.find((tool: any) => tool.name === name)._meta.ui.resourceUri;
  const html = (await rpc('resources/read', { uri })).contents[0].text;
  const result = await rpc('tools/call', { name, arguments: args });
  const drawn = await drawView(browser, host.url, { html, args, result, hostContext, read: (resource) => rpc('resources/read', { uri: resource }) });
  return { ...drawn, result, view: drawn.page.locator('#view').contentFrame() };
}

test('the statistics view draws the figures, the chart and the top tables of stats_overview, in German when the host says so', { skip }, async () => {
  const { page, view, result, problems } = await drawTool(overHttp, 'stats_overview', { period: '30d' }, { theme: 'dark', locale: 'de-DE' });
  await view.locator('h1').waitFor();
  assert.equal(await view.locator('h1').textContent(), 'Statistik');
  assert.equal(await view.locator('#chart figcaption').textContent(), 'Besucher der ersten Zeilen');
  const pages = result.structuredContent.top_pages;
  assert.ok(pages.length >= 2, JSON.stringify(result.structuredContent));
  assert.equal(await view.locator('#top-pages tbody tr').count(), pages.length);
  // The host's theme hint wins over the browser's (light) preference.
  assert.equal(await view.locator('html').evaluate((root: any) => root.dataset.theme), 'dark');
  assert.equal(await view.locator('html').evaluate((root: any) => getComputedStyle(root).backgroundColor), 'rgb(21, 25, 30)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the statistics view draws the rows of stats_query as a chart per day and a table', { skip }, async () => {
  const { page, view, result, problems } = await drawTool(overHttp, 'stats_query', { dimension: 'days', from: '2026-03-04', to: '2026-03-10' }, { theme: 'light', locale: 'en-US' });
  await view.locator('#rows').waitFor();
  assert.equal(await view.locator('h1').textContent(), 'Statistics: days');
  assert.equal(await view.locator('#rows tbody tr').count(), result.structuredContent.days.length);
  assert.equal(await view.locator('#chart rect').count(), result.structuredContent.days.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the entry preview draws the public page, read through the bridge, with the entry\'s own style.css', { skip }, async () => {
  const { page, view, problems } = await drawTool(overHttp, 'content_read', { id: 'posts/hello' }, { theme: 'light', locale: 'en-US' });
  await view.locator('iframe.page').waitFor();
  assert.equal(await view.locator('h1').textContent(), 'Preview of Hello Alps');
  const drawn = view.locator('iframe.page').contentFrame();
  assert.equal(await drawn.locator('main h1').textContent(), 'Hello Alps');
  assert.equal(await drawn.locator('main h1').evaluate((heading: any) => getComputedStyle(heading).color), 'rgb(0, 128, 128)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the publish review draws the state and the diff against the public text', { skip }, async () => {
  await overHttp('tools/call', { name: 'content_update', arguments: { id: 'posts/bobs-draft', body: 'Secret plans, now public.' } });
  const { page, view, problems } = await drawTool(overHttp, 'content_publish', { id: 'posts/bobs-draft' }, { theme: 'light', locale: 'en-US' });
  await view.locator('.diff').waitFor();
  assert.equal(await view.locator('h1').textContent(), 'Publish review: Bob draft');
  assert.match((await view.locator('.badge').first().textContent())!, /^Published /);
  assert.equal(await view.locator('.diff ins').first().textContent(), 'Secret plans, now public.\n');
  assert.deepEqual(problems, []);
  await page.close();
});

test('over stdio: the views drawn from the real process\'s answers', { skip }, async () => {
  const token = site.deps.auth.createToken({ ownerId: 'ann', name: 'apps browser stdio', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
  const child = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await child.request('initialize', { protocolVersion: '2025-11-25', capabilities: UI_CAPABILITIES, clientInfo: { name: 'stdio host', version: '1' } });
  const rpc = overStdio(child);
  const preview = await drawTool(rpc, 'content_read', { id: 'posts/hello', language: 'de' }, { theme: 'dark', locale: 'de-DE' });
  await preview.view.locator('iframe.page').waitFor();
  assert.equal(await preview.view.locator('h1').textContent(), 'Vorschau von Hallo Alpen');
  assert.equal(await preview.view.locator('iframe.page').contentFrame().locator('main h1').textContent(), 'Hallo Alpen');
  await preview.page.close();
  const stats = await drawTool(rpc, 'stats_post', { id: 'posts/hello' }, { theme: 'light', locale: 'en-US' });
  await stats.view.locator('h1').waitFor();
  assert.equal(await stats.view.locator('h1').textContent(), 'Statistics of Hello Alps');
  assert.deepEqual([...preview.problems, ...stats.problems], []);
  await stats.page.close();
  assert.equal((await child.exit()).code, 0);
});
