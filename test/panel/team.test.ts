// Team in the panel over real HTTP: admins see the people, invite one (a one-time link shown to copy, kept only
// as a hash, single use, 7 days), change a role, remove a person (their tokens end at once), and make reset
// links for a password or two-factor sign-in. Bad input: a link used twice or after its role was removed, a
// reset link for a removed person, an expired link, a change that would leave no admin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { makeTestSite, PASSWORD, type TestSite } from '../helpers/test-site.ts';
import { rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post, signIn } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const TEAM = '/svc/panel/team';

before(async () => {
  site = await makeTestSite({ baseUrl: 'https://alps.example' });
  ({ http, panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'carl', 'ava'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const idOf = (email: string) => site.deps.auth.accounts.findByEmail(email)!.id;
const linksDir = () => join(site.root, 'data', 'links');

/** Makes a link through the Team page and returns its secret (from the address shown once). */
async function makeLink(path: string, fields: Record<string, string>): Promise<string> {
  const page = await get(panel, TEAM, jars.ann!);
  const made = await post(panel, `${TEAM}/${path}`, { csrf: csrfOf(page.text), ...fields }, jars.ann!);
  assert.equal(made.res.status, 201, made.text);
  const match = /<pre class="secret">https:\/\/alps\.example\/svc\/panel\/(?:join|reset)\?link=([A-Za-z0-9_-]{43})<\/pre>/.exec(made.text);
  assert.ok(match, 'the link is shown to copy');
  return match[1]!;
}

/** Opens a link's page in a fresh browser (no session) and posts its form. */
async function useLink(path: 'join' | 'reset', secret: string, fields: Record<string, string>) {
  const jar = new Jar();
  const page = await get(panel, `/svc/panel/${path}?link=${secret}`, jar);
  if (page.res.status !== 200) return { opened: page, answer: page };
  return { opened: page, answer: await post(panel, `/svc/panel/${path}`, { csrf: csrfOf(page.text), link: secret, ...fields }, jar) };
}

test('only people who manage the team see it', async () => {
  assert.equal((await get(panel, TEAM, jars.bob!)).res.status, 403);
  const page = await get(panel, TEAM, jars.ann!);
  assert.equal(page.res.status, 200);
  for (const name of ['Ann Admin', 'Bob Editor', 'Carl Contributor', 'Ava Author']) assert.match(page.text, new RegExp(name));
  assert.match(page.text, /<a href="\/svc\/panel\/team" aria-current="page">Team<\/a>/);
});

test('an invitation: a link shown once, kept as a hash, accepted once, then useless', async () => {
  const secret = await makeLink('invite', { email: 'Dora@Example.org', role: 'author' });
  const files = readdirSync(linksDir());
  assert.deepEqual(files, [`${createHash('sha256').update(secret).digest('hex')}.json`]);
  assert.doesNotMatch(readFileSync(join(linksDir(), files[0]!), 'utf8'), new RegExp(secret));
  const { opened, answer } = await useLink('join', secret, { name: 'Dora Writer', password: 'a long new password' });
  assert.match(opened.text, /join as <strong>author<\/strong> with the email address <strong>dora@example\.org<\/strong>/);
  assert.equal(answer.res.status, 201, answer.text);
  assert.equal(site.deps.auth.accounts.findByEmail('dora@example.org')!.role, 'author');
  await signIn(panel, 'dora@example.org', 'a long new password');
  const again = await useLink('join', secret, { name: 'Someone else', password: 'another long password' });
  assert.equal(again.opened.res.status, 404);
  assert.match(again.opened.text, /was used already, withdrawn, or is older than 7 days/);
  assert.deepEqual(readdirSync(linksDir()), []);
  assert.ok(readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), {}).some((r) => r.action === 'team_joined' && r.person === idOf('dora@example.org')));
});

test('a too short password keeps the invitation usable; one used after its role was removed is refused; one expires after 7 days', async () => {
  const secret = await makeLink('invite', { email: 'eve@example.org', role: 'author' });
  const short = await useLink('join', secret, { name: 'Eve', password: 'short' });
  assert.equal(short.answer.res.status, 422);
  assert.match(short.answer.text, /at least 10 characters/);
  assert.equal((await get(panel, `/svc/panel/join?link=${secret}`)).res.status, 200);

  writeFileSync(join(site.root, 'data', 'roles.yaml'), 'guest: [content.write]\n');
  const guest = await makeLink('invite', { email: 'gus@example.org', role: 'guest' });
  rmSync(join(site.root, 'data', 'roles.yaml'));
  site.clock.now += 1000;
  const late = await useLink('join', guest, { name: 'Gus', password: 'a long new password' });
  assert.equal(late.answer.res.status, 409);
  assert.match(late.answer.text, /The role guest this invitation was for does not exist any more/);
  assert.equal(site.deps.auth.accounts.findByEmail('gus@example.org'), undefined);

  site.clock.now += 8 * 24 * 3600_000;
  for (const key of ['ann', 'bob', 'carl', 'ava'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  const expired = await useLink('join', secret, { name: 'Eve', password: 'a long new password' });
  assert.equal(expired.opened.res.status, 404);
  assert.equal(site.deps.auth.accounts.findByEmail('eve@example.org'), undefined);
});

test('an invitation for someone on the team already, or with a bad address or role, is refused with the reason', async () => {
  const page = await get(panel, TEAM, jars.ann!);
  for (const [fields, reason] of [
    [{ email: 'bob@example.org', role: 'author' }, /on the team already/],
    [{ email: 'not an address', role: 'author' }, /not valid/],
    [{ email: 'x@example.org', role: 'king' }, /Choose one of the roles/],
    [{ email: `${'a'.repeat(5000)}@example.org`, role: 'author' }, /not valid/],
    // What joining would refuse: the invitation would be a link nobody could use.
    [{ email: `x@${'d'.repeat(196)}.org`, role: 'author' }, /not valid/],
    [{ email: 'a"<b>@x.org', role: 'author' }, /not valid/],
  ] as const) {
    const answer = await post(panel, `${TEAM}/invite`, { csrf: csrfOf(page.text), ...fields }, jars.ann!);
    assert.ok(answer.res.status >= 400, JSON.stringify(fields));
    assert.match(answer.text, reason);
  }
});

test('a password reset link: the new password works, old sessions end, and the link works once', async () => {
  const secret = await makeLink('reset-link', { account: idOf('carl@example.org'), what: 'password' });
  const { answer } = await useLink('reset', secret, { password: 'carls new password' });
  assert.equal(answer.res.status, 200, answer.text);
  assert.equal((await get(panel, '/svc/panel/account', jars.carl!)).res.status, 303, 'signed out everywhere');
  jars.carl = await signIn(panel, 'carl@example.org', 'carls new password');
  assert.equal((await useLink('reset', secret, { password: 'yet another password' })).opened.res.status, 404);
});

test('a two-factor reset link turns two-factor off once the person\'s password confirms it', async () => {
  site.deps.auth.accounts.enableTotp(idOf('ava@example.org'));
  const secret = await makeLink('reset-link', { account: idOf('ava@example.org'), what: 'two_factor' });
  const wrong = await useLink('reset', secret, { password: 'not her password' });
  assert.equal(wrong.answer.res.status, 403);
  assert.notEqual(site.deps.auth.accounts.findByEmail('ava@example.org')!.totp, null);
  const right = await useLink('reset', secret, { password: PASSWORD });
  assert.equal(right.answer.res.status, 200, right.answer.text);
  assert.equal(site.deps.auth.accounts.findByEmail('ava@example.org')!.totp, null);
});

test('roles change at once for tokens; a change or removal that would leave no admin is refused; removing a person ends their tokens', async () => {
  const page = await get(panel, TEAM, jars.ann!);
  const lastAdmin = await post(panel, `${TEAM}/role`, { csrf: csrfOf(page.text), account: idOf('ann@example.org'), role: 'editor' }, jars.ann!);
  assert.equal(lastAdmin.res.status, 409);
  assert.match(lastAdmin.text, /would leave nobody who may manage the team/);
  assert.equal(site.deps.auth.accounts.findByEmail('ann@example.org')!.role, 'admin');

  const changed = await post(panel, `${TEAM}/role`, { csrf: csrfOf(page.text), account: idOf('bob@example.org'), role: 'contributor' }, jars.ann!);
  assert.equal(changed.res.status, 303);
  assert.equal(site.deps.auth.accounts.findByEmail('bob@example.org')!.role, 'contributor');

  // A reset link for a person removed since does nothing.
  const secret = await makeLink('reset-link', { account: idOf('carl@example.org'), what: 'password' });
  const unticked = await post(panel, `${TEAM}/remove`, { csrf: csrfOf(page.text), account: idOf('carl@example.org') }, jars.ann!);
  assert.equal(unticked.res.status, 422);
  assert.equal((await rpc(site, http.url, site.tokens.contributor!, 'tools/list', {})).status, 200);
  const removed = await post(panel, `${TEAM}/remove`, { csrf: csrfOf(page.text), account: idOf('carl@example.org'), confirm: 'yes' }, jars.ann!);
  assert.equal(removed.res.status, 303);
  assert.equal(site.deps.auth.accounts.findByEmail('carl@example.org'), undefined);
  assert.equal((await rpc(site, http.url, site.tokens.contributor!, 'tools/list', {})).status, 401, 'the token ended at once');
  const reset = await useLink('reset', secret, { password: 'carls newest password' });
  assert.equal(reset.opened.res.status, 404);

  const self = await post(panel, `${TEAM}/remove`, { csrf: csrfOf(page.text), account: idOf('ann@example.org'), confirm: 'yes' }, jars.ann!);
  assert.equal(self.res.status, 409);
  const history = readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), {});
  assert.ok(history.some((r) => r.action === 'team_role' && r.detail === 'bob@example.org: editor -> contributor'));
  assert.ok(history.some((r) => r.action === 'team_remove'));
});

test('everyone edits their own name and email on Your account; a new email needs the password and must be free', async () => {
  const jar = await signIn(panel, 'dora@example.org', 'a long new password');
  const page = await get(panel, '/svc/panel/account', jar);
  assert.match(page.text, /<h2 id="profile">Name and email<\/h2>/);
  const renamed = await post(panel, '/svc/panel/account/profile', { csrf: csrfOf(page.text), name: 'Dora W.', email: 'dora@example.org' }, jar);
  assert.equal(renamed.res.status, 303);
  assert.equal(site.deps.auth.accounts.findByEmail('dora@example.org')!.name, 'Dora W.');
  const noPassword = await post(panel, '/svc/panel/account/profile', { csrf: csrfOf(page.text), name: 'Dora W.', email: 'dora@new.example' }, jar);
  assert.equal(noPassword.res.status, 422);
  const wrong = await post(panel, '/svc/panel/account/profile', { csrf: csrfOf(page.text), name: 'Dora W.', email: 'dora@new.example', current: 'wrong password!' }, jar);
  assert.equal(wrong.res.status, 401);
  const taken = await post(panel, '/svc/panel/account/profile', { csrf: csrfOf(page.text), name: 'Dora W.', email: 'ann@example.org', current: 'a long new password' }, jar);
  assert.equal(taken.res.status, 409);
  const moved = await post(panel, '/svc/panel/account/profile', { csrf: csrfOf(page.text), name: 'Dora W.', email: 'dora@new.example', current: 'a long new password' }, jar);
  assert.equal(moved.res.status, 303);
  await signIn(panel, 'dora@new.example', 'a long new password');
});
