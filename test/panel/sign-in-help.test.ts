// Sign-in as a person meets it: the page carries the site's name; only failed attempts count against the
// limit (a person who signs in and out all day is never locked out, a guesser still is); "Lost your
// password?" says to ask an admin for a reset link, or, for the only admin, which command to run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;

before(async () => {
  ({ site, panel } = served = await serveTestSite());
});
after(() => served.close());

async function attempt(email: string, password: string) {
  const jar = new Jar();
  const page = await get(panel, '/svc/panel/sign-in', jar);
  return post(panel, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email, password }, jar);
}

test('the sign-in page carries the site\'s name and links Lost your password?', async () => {
  const page = await get(panel, '/svc/panel/sign-in');
  assert.match(page.text, /<h1>Sign in to Test Alps<\/h1>/);
  assert.match(page.text, /<a href="\/svc\/panel\/sign-in\/lost">Lost your password\?<\/a>/);
  const lost = await get(panel, '/svc/panel/sign-in/lost');
  assert.equal(lost.res.status, 200);
  assert.match(lost.text, /Ask an admin of Test Alps for a reset link: on the panel's Team page/);
  assert.match(lost.text, /<code>svc user password your@email<\/code>/);
  assert.doesNotMatch(lost.text, /<script/);
});

test('only failed attempts count: twelve good sign-ins in a row pass, five wrong passwords then stop the sixth try', async () => {
  for (let n = 0; n < 12; n++) assert.equal((await attempt('bob@example.org', 'correct horse battery')).res.status, 303, `sign-in ${n + 1}`);
  for (let n = 0; n < 5; n++) assert.equal((await attempt('bob@example.org', 'wrong password 1')).res.status, 401);
  const stopped = await attempt('bob@example.org', 'wrong password 1');
  assert.equal(stopped.res.status, 429);
  assert.match(stopped.text, /Too many sign-in attempts/);
  site.clock.now += 15 * 60_000;
  assert.equal((await attempt('bob@example.org', 'correct horse battery')).res.status, 303);
});
