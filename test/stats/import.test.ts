// Import of a Plausible CSV export through the panel: days not counted yet become imported daily rollups
// that every answer reads; days counted here stay as they are; a cut-off file, a BOM, other columns, a
// formula as a value, a damaged archive, an upload over the limit, more bounces than visits and a page that is
// no path each get a clear answer, and a refused import changes nothing; a month kept only as its rollup is
// added to, never made again from the days alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { get, csrfOf, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { ZipWriter } from '../../dist/lib/zip-writer.js';
import { readPlausibleExport } from '../../dist/stats/plausible-import.js';
import { emptyRollup } from '../../dist/stats/store/stats-store.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let jar: Jar;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zip = new ZipWriter(out, FIXED_NOW);
  for (const [name, text] of Object.entries(files)) await zip.addFile(name, [text]);
  await zip.finish();
  return Buffer.concat(chunks);
}

// As Plausible writes them (with its extra columns), the visitors file with a byte-order mark.
const EXPORT = {
  'imported_visitors_20260301_20260309.csv': '\uFEFFdate,visitors,pageviews,bounces,visits,visit_duration\r\n2026-03-01,10,25,4,12,900\r\n2026-03-02,7,9,5,8,120\r\n2026-03-09,99,99,0,99,0\r\n',
  'imported_pages_20260301_20260309.csv': 'date,hostname,page,visits,visitors,pageviews,exits,time_on_page\n2026-03-01,alps.example,/hello,8,8,15,3,100\n2026-03-01,alps.example,/about,2,2,10,1,5\n2026-03-02,alps.example,/hello,7,7,9,6,50\n2026-03-02,alps.example,/about?token=SECRET123,1,1,1,0,5\n',
  'imported_sources_20260301_20260309.csv': 'date,source,referrer,utm_source,utm_medium,utm_campaign,utm_content,utm_term,pageviews,visitors,visits,visit_duration,bounces\n2026-03-01,Google,,,,,,,15,6,7,0,1\n2026-03-01,Direct / None,,,,,,,10,4,5,0,3\n2026-03-02,"=HYPERLINK(""http://evil.example"",""x"")",,,,,,,9,7,8,0,5\n',
  'imported_locations_20260301_20260309.csv': 'date,country,region,city,visitors,visits,visit_duration,bounces,pageviews\n2026-03-01,AT,,,10,12,900,4,25\n',
  'imported_custom_events_20260301_20260309.csv': 'date,name,link_url,path,visitors,events\n2026-03-01,Signup,,,3,4\n',
  'imported_operating_system_versions_20260301_20260309.csv': 'date,operating_system,operating_system_version,visitors\n2026-03-01,Linux,0,1\n',
};

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  // The 9th is counted here already: the export's figures for it must not replace it.
  site.clock.now = Date.parse('2026-03-09T08:00:00Z');
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: '/hello', r: '', w: 1300 }), { 'user-agent': UA }, '10.0.0.1');
  site.clock.now = FIXED_NOW;
  ({ http, panel } = served = await serveTestSite({ site }));
  jar = await served.signIn('ann@example.org');
});
after(() => served.close());

async function upload(files: { name: string; bytes: Buffer | string }[], csrf?: string) {
  const token = csrf ?? csrfOf((await get(panel, '/svc/panel/stats/import', jar)).text);
  const form = new FormData();
  form.set('csrf', token);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const res = await fetch(`${panel.url}/svc/panel/stats/import`, { method: 'POST', body: form, headers: { cookie: jar.header() }, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

const days = async () => (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_query', { from: '2026-03-01', to: '2026-03-09', dimension: 'days', limit: 200 })).structuredContent;

test('bad uploads are refused with the file and line, and nothing is changed', async () => {
  const before = await days();
  const cases: [{ name: string; bytes: Buffer | string }[], RegExp][] = [
    [[{ name: 'export.zip', bytes: await zipOf({ 'imported_visitors_20260301_20260309.csv': 'date,visitors,pageviews,bounces,visits\n2026-03-03,1,1,1,1\n2026-03-04,"2,2,2,2\n' }) }], /imported_visitors_20260301_20260309\.csv: line 3 opens a quote that never closes \(is the file cut short\?\)/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2026-03-03,1,1,1,1\n2026-03-04,2,2\n' }], /line 3 has 3 cells, its header 5 \(is the file cut short\?\)/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews\n2026-03-03,1,1\n' }], /has no column visits/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n03/03/2026,1,1,1,1\n' }], /the date “03\/03\/2026” is not a day written YYYY-MM-DD/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2026-03-03,=1+1,1,1,1\n' }], /“=1\+1” in column visitors is not a whole number/],
    [[{ name: 'imported_pages_20260301_20260309.csv', bytes: 'date,page,visitors,pageviews\n' }], /it has no visitors file/],
    [[{ name: 'export.zip', bytes: (await zipOf({ 'a.csv': 'x' })).subarray(0, 40) }], /export\.zip: it is not a ZIP archive/],
    // More bounces than visits made a bounce rate of 50,000 %; a page that is no path linked to another host.
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2026-03-03,10,5,500,1\n' }], /line 2: 500 bounces of 1 visits \(a bounce is a visit of one page\)/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2026-03-03,4,4,0,4\n' }, { name: 'imported_pages_20260301_20260309.csv', bytes: 'date,page,visitors,pageviews\n2026-03-03,@evil.example/login,4,4\n' }], /imported_pages_20260301_20260309\.csv line 2: the page “@evil\.example\/login” is not a path starting with \//],
    // A day given twice was added twice; a page of a day the visitors file lacks counted visitors of no day.
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: '\ufeffdate,visitors,pageviews,bounces,visits\r\n2026-03-03,10,20,3,12\r\n2026-03-03,10,20,3,12\r\n' }], /imported_visitors_20260301_20260309\.csv line 3: the day 2026-03-03 is in it twice/],
    [[{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2026-03-03,4,4,0,4\n' }, { name: 'imported_pages_20260301_20260309.csv', bytes: 'date,page,visitors,pageviews\n2026-03-04,/orphan,9,9\n' }], /the day 2026-03-04 has figures in its other files but no row in the visitors file/],
  ];
  for (const [files, sentence] of cases) {
    const answer = await upload(files);
    assert.equal(answer.status, 422, String(sentence));
    assert.match(answer.text, sentence);
    assert.match(answer.text, /The import was refused, nothing was changed/);
  }
  const tooBig = await upload([{ name: 'huge.csv', bytes: Buffer.alloc(21 * 1024 * 1024, 0x41) }]);
  assert.equal(tooBig.status, 413);
  assert.match(tooBig.text, /The upload is larger than 20 MB; nothing was imported/);
  assert.equal((await upload([{ name: 'x.csv', bytes: 'a' }], 'forged')).status, 403);
  assert.deepEqual(await days(), before);
});

test('a file of under 4 bytes, or an archive whose directory runs past its end, is refused with a sentence, not an internal error', async () => {
  const before = await days();
  const damaged = await zipOf({ 'imported_visitors_20260301_20260309.csv': 'date,visitors,pageviews,bounces,visits\n2026-03-03,1,1,1,1\n' });
  const directory = damaged.readUInt32LE(damaged.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
  damaged.writeUInt16LE(0xffff, directory + 28); // its one name said to be 65,535 bytes long
  const cases: [{ name: string; bytes: Buffer | string }, RegExp][] = [
    [{ name: 'tiny.csv', bytes: 'ab' }, /it has no visitors file/],
    [{ name: 'imported_visitors_20260301_20260309.csv', bytes: 'ab' }, /imported_visitors_20260301_20260309\.csv has no column date\./],
    [{ name: 'tiny.zip', bytes: Buffer.from('PK\x03') }, /tiny\.zip: it is not a ZIP archive/],
    [{ name: 'export.zip', bytes: damaged }, /export\.zip: its directory is damaged/],
  ];
  for (const [file, sentence] of cases) {
    const answer = await upload([file]);
    assert.equal(answer.status, 422, `${file.name}: ${answer.text.slice(0, 200)}`);
    assert.match(answer.text, /The import was refused, nothing was changed/);
    assert.match(answer.text, sentence);
  }
  assert.deepEqual(await days(), before);
});

test('a Plausible export fills the days not counted yet, marked as imported; the counted day stays; the formula stays a name', async () => {
  const answer = await upload([{ name: 'plausible-export.zip', bytes: await zipOf(EXPORT) }]);
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  assert.match(answer.text, /2 days imported, from 2026-03-01 to 2026-03-02\. 1 day was left as it is: it is counted here already\./);
  assert.match(answer.text, /Passed over: imported_operating_system_versions_20260301_20260309\.csv/);
  const after = await days();
  assert.deepEqual(after.days.filter((d: any) => d.pageviews > 0).map((d: any) => [d.day, d.visitors, d.pageviews]), [['2026-03-01', 10, 25], ['2026-03-02', 7, 9], ['2026-03-09', 1, 1]]);
  assert.equal(site.deps.stats.files.readDaily('2026-03-01')!.imported, true);
  assert.equal(site.deps.stats.files.readDaily('2026-03-09')!.imported, undefined);
  const sources = (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_query', { from: '2026-03-01', to: '2026-03-02', dimension: 'referrers', limit: 200 })).structuredContent;
  assert.deepEqual(sources.referrers, [
    { referrer: '=hyperlink("http://evil.example","x")', visitors: 7, pageviews: 9 }, { referrer: 'google', visitors: 6, pageviews: 15 }, { referrer: '(direct)', visitors: 4, pageviews: 10 },
  ]);
  const pages = (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_query', { from: '2026-03-01', to: '2026-03-02', dimension: 'pages' })).structuredContent;
  // A page is its path alone, as the collector counts it: the query (here a secret) is not kept.
  assert.deepEqual(pages.pages.map((p: any) => [p.path, p.visitors, p.pageviews]), [['/hello', 15, 24], ['/about', 3, 11]]);
  assert.ok(!JSON.stringify(site.deps.stats.files.readDaily('2026-03-02')).includes('SECRET123'));
  // Again: every day is counted by now, nothing is imported twice.
  const again = await upload([{ name: 'plausible-export.zip', bytes: await zipOf(EXPORT) }]);
  assert.match(again.text, /No day was imported: every day of the export is counted here already\./);
  assert.deepEqual((await days()).days, after.days);
});

test('a day past the daily rollups\' retention, counted in its month\'s rollup only, stays; another day of that month is added to it', async () => {
  // As `svc stats rollup` leaves a month older than the daily rollups are kept: its rollup alone.
  const month = emptyRollup('2024-10-01', '2024-10-31');
  Object.assign(month, { visitors: 425, pageviews: 663, visits: 430, bounces: 200, days: { '2024-10-14': [400, 600], '2024-10-30': [25, 63] } });
  site.deps.stats.files.writeMonthly('2024-10', month);
  const october = async () => (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_query', { from: '2024-10-01', to: '2024-10-31', dimension: 'days', limit: 200 })).structuredContent.days
    .filter((d: any) => d.pageviews > 0).map((d: any) => [d.day, d.visitors, d.pageviews]);
  assert.deepEqual(await october(), [['2024-10-14', 400, 600], ['2024-10-30', 25, 63]]);
  const answer = await upload([{ name: 'imported_visitors_20241014_20241015.csv', bytes: 'date,visitors,pageviews,bounces,visits\n2024-10-14,5,5,0,5\n2024-10-15,7,9,2,8\n' }]);
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  assert.match(answer.text, /1 day imported, from 2024-10-15 to 2024-10-15\. 1 day was left as it is/);
  assert.deepEqual(await october(), [['2024-10-14', 400, 600], ['2024-10-15', 7, 9], ['2024-10-30', 25, 63]]);
  const kept = site.deps.stats.files.readMonthly('2024-10')!;
  assert.deepEqual([kept.visitors, kept.pageviews, kept.visits, kept.bounces], [432, 672, 438, 202]);
});

test('the reader takes svc\'s own export names too, and events and countries', () => {
  const read = readPlausibleExport(new Map([
    ['visitors_20260301_20260301.csv', 'date,visitors,pageviews,visits,bounces,engaged_seconds\r\n2026-03-01,2,3,2,1,0\r\n'],
    ['custom_events_20260301_20260301.csv', 'date,name,visitors,events\r\n2026-03-01,signup,1,2\r\n'],
  ]));
  assert.deepEqual(read.days.get('2026-03-01')!.events, { signup: [1, 2] });
});
