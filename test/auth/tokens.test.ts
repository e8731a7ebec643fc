import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { AuthService } from '../../dist/auth/auth-service.js';
import { generateTokenText } from '../../dist/auth/token-store.js';
import { nextTurn } from '../helpers/next-turn.ts';

let dir: string;
let now = Date.parse('2026-03-01T10:00:00Z');
const logs: string[] = [];
let auth: AuthService;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-auth-tokens-'));
  auth = new AuthService({ dataDir: join(dir, 'data'), clock: () => now, log: (line) => logs.push(line) });
  await auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: 'correct horse battery' });
  await auth.accounts.create({ name: 'Carl Contributor', email: 'carl@example.org', role: 'contributor', password: 'correct horse battery' });
  await auth.accounts.create({ name: 'Erin Editor', email: 'erin@example.org', role: 'editor', password: 'correct horse battery' });
});
after(() => rmSync(dir, { recursive: true, force: true }));

function allFilesText(): string {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(name, readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out.join('\n');
}

test('a token is svc_ + 40 letters and digits, and the same text never comes twice', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const text = generateTokenText();
    assert.match(text, /^svc_[A-Za-z0-9]{40}$/);
    seen.add(text);
  }
  assert.equal(seen.size, 200);
});

test('stores only the SHA-256 of a token: the file is named by the hash and nothing on disk or in the log holds the text', () => {
  const { token, record } = auth.createToken({ ownerId: 'ada', name: 'Laptop', scopes: ['content:read', 'stats:read'], expiresInDays: 90 });
  const hash = createHash('sha256').update(token).digest('hex');
  assert.equal(record.id, hash);
  const stored = JSON.parse(readFileSync(join(dir, 'data', 'tokens', `${hash}.json`), 'utf8'));
  assert.deepEqual(stored, {
    name: 'Laptop', owner: 'ada', scopes: ['content:read', 'stats:read'],
    created: '2026-03-01T10:00:00.000Z', expires: '2026-05-30T10:00:00.000Z', last_used: null,
  });
  assert.ok(auth.verify(token));
  assert.equal(allFilesText().includes(token), false);
  assert.equal(allFilesText().includes(token.slice(4)), false);
  assert.equal(logs.join('\n').includes(token.slice(4)), false);
});

test('verify gives the owner, role, capabilities and effective scopes', () => {
  const { token, record } = auth.createToken({ ownerId: 'erin', name: 'Claude', scopes: ['content:write', 'content:publish'], expiresInDays: null });
  const principal = auth.verify(token)!;
  assert.equal(principal.accountId, 'erin');
  assert.equal(principal.name, 'Erin Editor');
  assert.equal(principal.email, 'erin@example.org');
  assert.equal(principal.role, 'editor');
  assert.equal(principal.tokenName, 'Claude');
  assert.equal(principal.tokenId, record.id);
  assert.deepEqual([...principal.scopes].sort(), ['content:publish', 'content:write']);
  assert.ok(principal.capabilities.has('content.publish_all'));
  assert.equal(principal.capabilities.has('team.manage'), false);
  assert.equal(record.expires, null);
});

test('an unknown, malformed, revoked or expired token and a token of a removed account verify to null', async () => {
  assert.equal(auth.verify(generateTokenText()), null);
  assert.equal(auth.verify('svc_short'), null);
  assert.equal(auth.verify('../../accounts/ada'), null);
  assert.equal(auth.verify(''), null);

  const revoked = auth.createToken({ ownerId: 'ada', name: 'Revoked', scopes: ['stats:read'], expiresInDays: 30 });
  assert.ok(auth.verify(revoked.token));
  assert.equal(auth.revokeToken(revoked.record.id), true);
  assert.equal(auth.verify(revoked.token), null);
  assert.equal(auth.revokeToken(revoked.record.id), false);

  const expiring = auth.createToken({ ownerId: 'ada', name: 'Short', scopes: ['stats:read'], expiresInDays: 30 });
  const start = now;
  now = start + 30 * 86_400_000 - 1;
  assert.ok(auth.verify(expiring.token));
  now = start + 30 * 86_400_000;
  assert.equal(auth.verify(expiring.token), null);
  now = start;

  await auth.accounts.create({ name: 'Gone', email: 'gone@example.org', role: 'author', password: 'correct horse battery' });
  const orphan = auth.createToken({ ownerId: 'gone', name: 'Orphan', scopes: ['stats:read'], expiresInDays: 30 });
  assert.ok(auth.verify(orphan.token));
  // Deleting the account file alone (as another process or an operator might) already ends the token.
  rmSync(join(dir, 'data', 'accounts', 'gone.yaml'));
  await nextTurn();
  assert.equal(auth.verify(orphan.token), null);
});

test('removeAccount ends the account, its tokens and its sessions', async () => {
  await auth.accounts.create({ name: 'Leaving', email: 'leaving@example.org', role: 'author', password: 'correct horse battery' });
  const { token, record } = auth.createToken({ ownerId: 'leaving', name: 'T', scopes: ['content:read'], expiresInDays: 30 });
  const session = auth.sessions.create('leaving', 'signed_in');
  assert.equal(auth.removeAccount('leaving'), true);
  assert.equal(auth.verify(token), null);
  assert.equal(auth.getToken(record.id), undefined);
  assert.equal(auth.sessions.get(session.id), undefined);
  assert.equal(auth.removeAccount('leaving'), false);
});

test('a scope the role lost stops working at once, and works again when the role gets the right back', () => {
  const { token } = auth.createToken({ ownerId: 'erin', name: 'Publisher', scopes: ['content:read', 'content:publish', 'stats:read'], expiresInDays: 90 });
  auth.verify(token); // the first use writes last_used, which changes the token file once
  const before = auth.verify(token)!;
  assert.deepEqual([...before.scopes].sort(), ['content:publish', 'content:read', 'stats:read']);
  // Unchanged files give the very same principal (per-caller caches key on it); a change gives a new one.
  assert.equal(auth.verify(token), before);
  auth.accounts.setRole('erin', 'contributor');
  const demoted = auth.verify(token)!;
  assert.notEqual(demoted, before);
  assert.deepEqual([...demoted.scopes].sort(), ['content:read']);
  assert.deepEqual([...demoted.grantedScopes].sort(), ['content:publish', 'content:read', 'stats:read']);
  auth.accounts.setRole('erin', 'editor');
  assert.deepEqual([...auth.verify(token)!.scopes].sort(), ['content:publish', 'content:read', 'stats:read']);
});

test('roles.yaml overrides take effect at once, and a broken file fails closed', async () => {
  const { token } = auth.createToken({ ownerId: 'erin', name: 'Roles', scopes: ['stats:read', 'content:read'], expiresInDays: 90 });
  const rolesFile = join(dir, 'data', 'roles.yaml');
  writeFileSync(rolesFile, 'editor: [content.write, assistants.use, flying]\nreviewer:\n  capabilities: [stats.view]\n');
  await nextTurn();
  assert.deepEqual([...auth.verify(token)!.scopes], ['content:read']);
  assert.deepEqual([...auth.roles.capabilities('reviewer')], ['stats.view']);
  assert.ok(logs.some((line) => line.includes('unknown capability "flying"')));
  writeFileSync(rolesFile, 'editor: [content.write\n  : broken');
  await nextTurn();
  assert.deepEqual([...auth.verify(token)!.scopes], []);
  assert.equal(auth.roles.capabilities('admin').size, 8);
  rmSync(rolesFile);
  await nextTurn();
  assert.deepEqual([...auth.verify(token)!.scopes].sort(), ['content:read', 'stats:read']);
});

test('last used is written on first use and then at most once a minute', () => {
  const { token, record } = auth.createToken({ ownerId: 'ada', name: 'Busy', scopes: ['stats:read'], expiresInDays: 90 });
  const file = join(dir, 'data', 'tokens', `${record.id}.json`);
  const lastUsed = () => JSON.parse(readFileSync(file, 'utf8')).last_used;
  const start = now;
  auth.verify(token);
  assert.equal(lastUsed(), new Date(start).toISOString());
  const inode = statSync(file).ino;
  now = start + 59_999;
  auth.verify(token);
  assert.equal(lastUsed(), new Date(start).toISOString());
  assert.equal(statSync(file).ino, inode, 'the file was not rewritten within the minute');
  now = start + 60_000;
  auth.verify(token);
  assert.equal(lastUsed(), new Date(start + 60_000).toISOString());
  now = start;
});

test('nobody creates a token beyond their role: a contributor cannot grant content:publish or stats:read', () => {
  assert.throws(() => auth.createToken({ ownerId: 'carl', name: 'X', scopes: ['content:publish'], expiresInDays: 90 }),
    { kind: 'forbidden', message: 'The role contributor may not grant the scope content:publish.' });
  assert.throws(() => auth.createToken({ ownerId: 'carl', name: 'X', scopes: ['content:read', 'stats:read'], expiresInDays: 90 }),
    { kind: 'forbidden', message: 'The role contributor may not grant the scope stats:read.' });
  assert.deepEqual(auth.scopesOfferedTo(auth.accounts.get('carl')!), ['content:read', 'content:write']);
  assert.deepEqual(auth.scopesOfferedTo(auth.accounts.get('ada')!), ['stats:read', 'content:read', 'content:write', 'content:publish']);
  const ok = auth.createToken({ ownerId: 'carl', name: 'Drafts', scopes: ['content:read', 'content:write'], expiresInDays: 30 });
  assert.deepEqual(ok.record.scopes, ['content:read', 'content:write']);
});

test('createToken refuses bad input with exact messages', () => {
  const base = { ownerId: 'ada', name: 'N', scopes: ['stats:read'], expiresInDays: 90 as number | null };
  assert.throws(() => auth.createToken({ ...base, ownerId: 'nobody' }), { kind: 'not_found', message: 'There is no such account.' });
  assert.throws(() => auth.createToken({ ...base, name: '  ' }), { kind: 'invalid_params', message: 'The token name must be 1 to 100 characters, without control characters.' });
  assert.throws(() => auth.createToken({ ...base, name: 'x'.repeat(101) }), { kind: 'invalid_params' });
  assert.throws(() => auth.createToken({ ...base, name: 'a\nb' }), { kind: 'invalid_params' });
  assert.throws(() => auth.createToken({ ...base, scopes: [] }), { kind: 'invalid_params', message: 'Choose at least one scope.' });
  assert.throws(() => auth.createToken({ ...base, scopes: ['admin:all'] }), { kind: 'invalid_params', message: 'There is no scope named "admin:all".' });
  assert.throws(() => auth.createToken({ ...base, expiresInDays: 0 }), { kind: 'invalid_params', message: 'The lifetime must be a whole number of days from 1 to 3650, or none.' });
  assert.throws(() => auth.createToken({ ...base, expiresInDays: 1.5 }), { kind: 'invalid_params' });
  auth.accounts.setRole('carl', 'nobody-role');
  assert.throws(() => auth.createToken({ ...base, ownerId: 'carl' }), { kind: 'forbidden', message: 'Your role may not create tokens for assistants.' });
  auth.accounts.setRole('carl', 'contributor');
});

test('an OAuth token records its client and is listed with the owner\'s tokens', () => {
  const { record } = auth.createToken({ ownerId: 'ada', name: 'Claude (OAuth)', scopes: ['content:read'], expiresInDays: 30, oauthClientId: 'client-1' });
  assert.equal(record.oauth_client, 'client-1');
  assert.equal(auth.listTokens('ada').find((r) => r.id === record.id)?.oauth_client, 'client-1');
  assert.ok(auth.listTokens().length > auth.listTokens('ada').length);
  assert.ok(auth.listTokens('carl').every((r) => r.owner === 'carl'));
});

test('accounts: passwords are scrypt hashes, emails are unique, wrong passwords and unknown emails fail', async () => {
  const text = readFileSync(join(dir, 'data', 'accounts', 'ada.yaml'), 'utf8');
  // N as SVC_SCRYPT_N sets it (make test lowers it; test/auth/password.test.ts holds the default).
  assert.match(text, new RegExp(`password: scrypt\\$${process.env.SVC_SCRYPT_N || 32768}\\$8\\$1\\$`));
  assert.equal(text.includes('correct horse battery'), false);
  assert.equal((statSync(join(dir, 'data', 'accounts', 'ada.yaml')).mode & 0o777), 0o600);
  assert.equal((await auth.checkPassword('ADA@example.org', 'correct horse battery'))?.id, 'ada');
  assert.equal(await auth.checkPassword('ada@example.org', 'wrong horse battery'), undefined);
  assert.equal(await auth.checkPassword('nobody@example.org', 'correct horse battery'), undefined);
  await assert.rejects(auth.accounts.create({ name: 'Ada 2', email: 'Ada@Example.org', role: 'admin', password: 'correct horse battery' }),
    { kind: 'conflict', message: 'An account with this email address exists already.' });
  await assert.rejects(auth.accounts.create({ name: 'Short', email: 's@example.org', role: 'admin', password: 'short' }),
    { kind: 'invalid_params', message: 'The password must have at least 10 characters.' });
  await assert.rejects(auth.accounts.create({ name: 'Bad', email: 'not-an-email', role: 'admin', password: 'correct horse battery' }),
    { kind: 'invalid_params', message: 'The email address is not valid.' });
  const twin = await auth.accounts.create({ name: 'Other Ada', email: 'ada@example.com', role: 'author', password: 'correct horse battery' });
  assert.equal(twin.id, 'ada-2');
});

test('a removed account\'s id never names another person: entries, trash and history go on naming it', async () => {
  const first = await auth.accounts.create({ name: 'Con', email: 'con@example.org', role: 'contributor', password: 'correct horse battery' });
  assert.equal(first.id, 'con');
  assert.equal(auth.accounts.remove('con'), true);
  assert.equal(auth.accounts.get('con'), undefined);
  assert.equal(auth.accounts.remove('con'), false, 'gone already');
  const newcomer = await auth.accounts.create({ name: 'Connie Newcomer', email: 'con@elsewhere.org', role: 'contributor', password: 'correct horse battery' });
  assert.equal(newcomer.id, 'con-2');
  assert.deepEqual(auth.accounts.list().map((account) => account.id).filter((id) => id.startsWith('con')), ['con-2']);
});

test('removing a person ends the links they made: an invitation of theirs no longer works', async () => {
  const admin = await auth.accounts.create({ name: 'Second Admin', email: 'adm2@example.org', role: 'admin', password: 'correct horse battery' });
  const theirs = auth.links.create({ kind: 'invite', email: 'backdoor@example.org', role: 'admin', createdBy: admin.id });
  const ours = auth.links.create({ kind: 'invite', email: 'friend@example.org', role: 'editor', createdBy: 'ada' });
  auth.removeAccount(admin.id);
  const open = auth.links.list().map(({ record }) => record.kind === 'invite' ? record.email : null);
  assert.ok(!open.includes('backdoor@example.org'), 'theirs withdrawn');
  assert.ok(open.includes('friend@example.org'), 'another admin\'s kept');
  assert.ok(theirs.secret !== ours.secret);
});

test('a person who may no longer manage the team loses the links they made; one who still may keeps them', async () => {
  const admin = await auth.accounts.create({ name: 'Third Admin', email: 'adm3@example.org', role: 'admin', password: 'correct horse battery' });
  auth.links.create({ kind: 'invite', email: 'second-admin@example.org', role: 'admin', createdBy: admin.id });
  auth.links.create({ kind: 'reset', account: 'ada', what: 'password', createdBy: admin.id });
  const madeBy = () => auth.links.list().filter(({ record }) => record.createdBy === admin.id).length;
  assert.equal(madeBy(), 2);
  auth.changeRole(admin.id, 'admin');
  assert.equal(madeBy(), 2, 'still an admin: kept');
  // Demoted: a reset link for the admin's password and an invitation of a second admin were the way back in.
  auth.changeRole(admin.id, 'contributor');
  assert.equal(madeBy(), 0);
  assert.equal(auth.accounts.get(admin.id)!.role, 'contributor');
});

test('tokens never need the password and are unaffected by two-factor sign-in', async () => {
  const { token } = auth.createToken({ ownerId: 'ada', name: 'Steady', scopes: ['stats:read'], expiresInDays: 90 });
  auth.accounts.enableTotp('ada');
  assert.deepEqual([...auth.verify(token)!.scopes], ['stats:read']);
  await auth.accounts.setPassword('ada', 'a brand new password');
  assert.deepEqual([...auth.verify(token)!.scopes], ['stats:read']);
  auth.accounts.disableTotp('ada');
  assert.ok(auth.verify(token));
});
