// Shared dashboards: made and listed in the panel, shown read-only without signing in, never indexed, with an
// optional password and locked filters; an altered link is 404, a revoked one 410 (also with a password
// cookie from before).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { get, post, csrfOf, Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let jar: Jar;
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  site.clock.now = Date.parse('2026-03-09T08:00:00Z');
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: '/hello', r: '', w: 1300 }), { 'user-agent': UA(1), 'cf-ipcountry': 'AT' }, '10.0.0.1');
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: '/about', r: '', w: 1300 }), { 'user-agent': UA(2), 'cf-ipcountry': 'DE' }, '10.0.0.1');
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: '/hello', r: '', w: 1300 }), { 'user-agent': UA(3), 'cf-ipcountry': 'DE' }, '10.0.0.1');
  site.clock.now = FIXED_NOW;
  ({ panel } = served = await serveTestSite({ site }));
  jar = await served.signIn('ann@example.org');
});
after(() => served.close());

async function makeLink(fields: Record<string, string>): Promise<string> {
  const csrf = csrfOf((await get(panel, '/svc/panel/stats/shares', jar)).text);
  const made = await post(panel, '/svc/panel/stats/shares', { csrf, ...fields }, jar);
  assert.equal(made.res.status, 200, made.text.slice(0, 200));
  const url = /value="(http[^"]+\/svc\/panel\/shared\/[^"]+)"/.exec(made.text)![1]!;
  return new URL(url).pathname;
}
const visitors = (html: string) => /<dt>Visitors<\/dt><dd>(\d+)<\/dd>/.exec(html)?.[1];

test('a link shows the page read-only without signing in, never indexed, with no way into the panel', async () => {
  const path = await makeLink({ name: 'Board', password: '', filters: '' });
  const res = await get(panel, `${path}?period=7d`);
  assert.equal(res.res.status, 200);
  assert.equal(res.res.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.match(res.text, /<meta name="robots" content="noindex, nofollow">/);
  assert.equal(visitors(res.text), '3');
  // Inside the page (the top bar's name links to sign-in, as on every panel page): no link into the panel.
  assert.doesNotMatch(/<main[^>]*>.*<\/main>/s.exec(res.text)![0], /href="\/svc\/panel\/(?!shared\/)/);
  assert.match(res.text, new RegExp(`href="${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?period=30d"`));
  // Altered anywhere, it opens nothing.
  for (const altered of [path.slice(0, -1) + (path.endsWith('A') ? 'B' : 'A'), path.replace(/\/shared\/(.)/, (_, c) => `/shared/${c === 'x' ? 'y' : 'x'}`), '/svc/panel/shared/nothing', `${path}x`]) {
    const refused = await get(panel, altered);
    assert.equal(refused.res.status, 404, altered);
    assert.match(refused.text, /There is no shared statistics page at this address/);
  }
});

test('locked filters hold whatever the address asks; a password is asked once; revoked is 410 even with the cookie', async () => {
  const path = await makeLink({ name: 'Germany only', password: 'correct horse', filters: 'country:DE' });
  const asked = await get(panel, path);
  assert.equal(asked.res.status, 200);
  assert.match(asked.text, /type="password"/);
  assert.equal(visitors(asked.text), undefined);
  const wrong = await post(panel, path, { password: 'wrong password' });
  assert.equal(wrong.res.status, 401);
  const visitor = new Jar();
  const right = await post(panel, path, { password: 'correct horse' }, visitor);
  assert.equal(right.res.status, 303);
  const shown = await get(panel, `${path}?period=7d&filter=country:AT`, visitor);
  assert.equal(shown.res.status, 200);
  assert.equal(visitors(shown.text), '2');
  assert.match(shown.text, /This link always shows only: country:DE\./);
  const list = await get(panel, '/svc/panel/stats/shares', jar);
  assert.match(list.text, /Germany only<\/td><td>country:DE<\/td><td>yes<\/td>/);
  const id = path.split('/').pop()!.split('.')[0]!;
  const csrf = csrfOf(list.text);
  assert.equal((await post(panel, '/svc/panel/stats/shares/revoke', { csrf, id }, jar)).res.status, 303);
  const revoked = await get(panel, `${path}?period=7d`, visitor);
  assert.equal(revoked.res.status, 410);
  assert.match(revoked.text, /revoked this link/);
  assert.equal((await post(panel, path, { password: 'correct horse' })).res.status, 410);
  assert.equal((await post(panel, '/svc/panel/stats/shares/revoke', { csrf, id }, jar)).res.status, 404);
});

test('a bad filter, a short password or no name is refused and nothing is made; the pages need stats.view', async () => {
  const csrf = csrfOf((await get(panel, '/svc/panel/stats/shares', jar)).text);
  const before = (await get(panel, '/svc/panel/stats/shares', jar)).text.match(/<tr><td>/g)?.length ?? 0;
  for (const [fields, sentence] of [
    [{ name: 'x', filters: 'planet:mars' }, /A filter is written dimension:value/],
    [{ name: 'x', password: 'short' }, /A password for the link needs 8 to 200 characters/],
    [{ name: '' }, /Give the link a name/],
  ] as const) {
    const refused = await post(panel, '/svc/panel/stats/shares', { csrf, password: '', filters: '', ...fields }, jar);
    assert.equal(refused.res.status, 422);
    assert.match(refused.text, sentence);
  }
  assert.equal((await get(panel, '/svc/panel/stats/shares', jar)).text.match(/<tr><td>/g)?.length ?? 0, before);
  assert.equal((await post(panel, '/svc/panel/stats/shares', { csrf: 'forged', name: 'x' }, jar)).res.status, 403);
  const carl = await served.signIn('carl@example.org');
  assert.equal((await get(panel, '/svc/panel/stats/shares', carl)).res.status, 403);
});

test('a link\'s password is guessed no faster than a sign-in: the sixth wrong try in 15 minutes is 429, even when right', async () => {
  const path = await makeLink({ name: 'Guarded', password: 'correct horse', filters: '' });
  const other = await makeLink({ name: 'Other', password: 'correct horse', filters: '' });
  // A right password gives its attempt back: it never counts toward the limit.
  assert.equal((await post(panel, path, { password: 'correct horse' }, new Jar())).res.status, 303);
  for (let attempt = 1; attempt <= 5; attempt++) assert.equal((await post(panel, path, { password: `wrong ${attempt}` })).res.status, 401, `attempt ${attempt}`);
  const blocked = await post(panel, path, { password: 'correct horse' }, new Jar());
  assert.equal(blocked.res.status, 429);
  assert.match(blocked.text, /Too many wrong passwords\. Try again in \d+ minutes?\./);
  assert.ok(Number(blocked.res.headers.get('retry-after')) > 0);
  assert.equal(blocked.res.headers.get('set-cookie'), null);
  // Each link counts on its own (the address's own limit, shared with sign-in, is higher).
  assert.equal((await post(panel, other, { password: 'correct horse' }, new Jar())).res.status, 303);
  const start = site.clock.now;
  try {
    site.clock.now = start + 15 * 60_000;
    assert.equal((await post(panel, path, { password: 'correct horse' }, new Jar())).res.status, 303);
  } finally {
    site.clock.now = start;
  }
});
