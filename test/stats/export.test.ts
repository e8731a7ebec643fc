// The statistics export: every dimension of a range as a ZIP of CSV files, streamed, from the API and the
// panel; each file opened as an unzip tool would (CRC and sizes checked) and compared with the figures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { get } from '../helpers/panel-harness.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { ZipWriter } from '../../dist/lib/zip-writer.js';
import { readZip } from '../helpers/zip-reader.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;
const at = (iso: string) => { site.clock.now = Date.parse(iso); };
const pv = (path: string, who: number, referrer = '') => site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: referrer, w: 1300, z: 'Europe/Vienna' }), { 'user-agent': UA(who) }, '10.0.0.1');

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  at('2026-03-09T08:00:00Z'); pv('/hello?utm_source==HYPERLINK("http://evil.example","x")', 1); pv('/about', 1);
  site.deps.stats.collect(JSON.stringify({ t: 'ev', p: '/about', n: 'signup', pr: { plan: 'pro' } }), { 'user-agent': UA(1) }, '10.0.0.1');
  at('2026-03-09T09:00:00Z'); pv('/hello', 2, 'https://chatgpt.com/');
  site.deps.stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2)', path: '/hello' });
  at('2026-03-10T11:00:00Z'); pv('/hike-day', 3);
  site.clock.now = FIXED_NOW;
  ({ panel } = served = await serveTestSite({ site }));
});
after(() => served.close());

test('the API streams a ZIP with a CSV per dimension, a row per day and name, formulas defused', async () => {
  const res = await fetch(`${panel.url}/svc/api/v1/stats/export?from=2026-03-09&to=2026-03-10`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/zip');
  assert.equal(res.headers.get('content-disposition'), 'attachment; filename="statistics-2026-03-09-2026-03-10.zip"');
  const files = readZip(Buffer.from(await res.arrayBuffer()));
  const name = (table: string) => `${table}_20260309_20260310.csv`;
  assert.deepEqual([...files.keys()], ['visitors', 'pages', 'entry_pages', 'exit_pages', 'sources', 'channels', 'campaigns', 'locations', 'languages', 'devices', 'browsers', 'operating_systems', 'custom_events', 'custom_props', 'ai_crawlers'].map(name));
  assert.equal(files.get(name('visitors')), 'date,visitors,pageviews,visits,bounces,engaged_seconds\r\n2026-03-09,2,3,2,1,0\r\n2026-03-10,1,1,1,1,0\r\n');
  assert.equal(files.get(name('pages')), 'date,page,visitors,pageviews,engaged_seconds,engaged_visitors,readers\r\n2026-03-09,/hello,2,2,0,0,0\r\n2026-03-09,/about,1,1,0,0,0\r\n2026-03-10,/hike-day,1,1,0,0,0\r\n');
  assert.equal(files.get(name('entry_pages')), 'date,entry_page,visitors,entrances\r\n2026-03-09,/hello,2,2\r\n2026-03-10,/hike-day,1,1\r\n');
  // A source that is a formula is written with a leading apostrophe: a spreadsheet shows it, never runs it.
  assert.match(files.get(name('sources'))!, /^date,source,visitors,pageviews\r\n2026-03-09,"'=hyperlink\(""http:\/\/evil\.example"",""x""\)",1,2\r\n2026-03-09,chatgpt\.com,1,1\r\n2026-03-10,\(direct\),1,1\r\n$/);
  assert.match(files.get(name('channels'))!, /2026-03-09,AI assistants,1,1\r\n/);
  assert.equal(files.get(name('custom_props')), 'date,property,value,visitors,events\r\n2026-03-09,plan,pro,1,1\r\n');
  assert.equal(files.get(name('ai_crawlers')), 'date,crawler,operator,kind,page,hits\r\n2026-03-09,GPTBot,OpenAI,training,/hello,1\r\n');
});

test('bad ranges are a 422 JSON answer; no token 401, no scope 403; the panel streams the same archive', async () => {
  const api = (query: string, token: string | null = site.tokens.statsOnly!) => fetch(`${panel.url}/svc/api/v1/stats/export?${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  for (const query of ['from=2026-03-09', 'from=2026-03-10&to=2026-03-09', 'from=2025-01-01&to=2026-03-10', 'from=2026-02-30&to=2026-03-01', 'period=forever', 'from=9999-12-31&to=9999-12-31', 'from=0999-12-31&to=1000-01-01',
    // As /stats: a parameter once; and one way of naming the days, no filter (the export is unfiltered).
    'from=2026-03-09&to=2026-03-10&from=2026-03-01', 'period=7d&from=2026-03-09&to=2026-03-10', 'period=7d&filter=country:DE']) {
    const res = await api(query);
    assert.equal(res.status, 422, query);
    assert.ok(typeof ((await res.json()) as any).message === 'string');
  }
  assert.equal((await api('period=7d', null)).status, 401);
  assert.equal((await api('period=7d', site.tokens.editor)).status, 403);
  const jar = await served.signIn('ann@example.org');
  const page = await get(panel, '/svc/panel/stats?period=7d', jar);
  assert.match(page.text, /href="\/svc\/panel\/stats\/export\.zip\?period=7d" download>Download every table/);
  const res = await fetch(`${panel.url}/svc/panel/stats/export.zip?period=7d`, { headers: { cookie: jar.header() } });
  assert.equal(res.status, 200);
  const files = readZip(Buffer.from(await res.arrayBuffer()));
  assert.equal(files.get('visitors_20260304_20260310.csv'), 'date,visitors,pageviews,visits,bounces,engaged_seconds\r\n2026-03-09,2,3,2,1,0\r\n2026-03-10,1,1,1,1,0\r\n');
  assert.equal((await fetch(`${panel.url}/svc/panel/stats/export.zip?period=forever`, { headers: { cookie: jar.header() } })).status, 422);
});

test('the writer waits for a slow receiver and stops when it goes away, with the archive whole or cut, never wrong', async () => {
  const out = new PassThrough({ highWaterMark: 1024 });
  const chunks: Buffer[] = [];
  const zip = new ZipWriter(out, FIXED_NOW);
  const done = (async () => {
    await zip.addFile('big.csv', (function* () { for (let i = 0; i < 20_000; i++) yield `${i},${'x'.repeat(50)}\r\n`; })());
    await zip.finish();
    out.end();
  })();
  for await (const chunk of out) { chunks.push(chunk as Buffer); await new Promise((resolve) => setImmediate(resolve)); }
  await done;
  const text = readZip(Buffer.concat(chunks)).get('big.csv')!;
  assert.equal(text.split('\r\n').length, 20_001);
  const gone = new PassThrough();
  const cut = new ZipWriter(gone, FIXED_NOW);
  gone.destroy();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(cut.gone, true);
  await assert.rejects(cut.addFile('x.csv', ['a']), /receiver is gone/);
});
