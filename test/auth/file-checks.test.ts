// The people side's files as read from disk (checked by hand, without a schema library): what a token,
// account or session file must hold, what is dropped, and that an expired token is found but never live.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthService } from '../../dist/auth/auth-service.js';
import { hashToken } from '../../dist/auth/token-store.js';
import { nextTurn } from '../helpers/next-turn.ts';

let dir: string;
let now = Date.parse('2026-03-01T10:00:00Z');
const logs: string[] = [];
let auth: AuthService;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-auth-files-'));
  auth = new AuthService({ dataDir: join(dir, 'data'), clock: () => now, log: (line) => logs.push(line) });
  await auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: 'correct horse battery' });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'svc_' + 'A'.repeat(40);
const tokenFile = () => join(dir, 'data', 'tokens', `${hashToken(TOKEN)}.json`);
const good = { name: 'Hand', owner: 'ada', scopes: ['content:read'], created: '2026-03-01T09:00:00.000Z', expires: null, last_used: '2026-03-01T09:59:30.000Z' };

/** Writes the token file by hand, as another process would, and waits for the turn that sees it. */
async function writeToken(record: unknown): Promise<void> {
  mkdirSync(join(dir, 'data', 'tokens'), { recursive: true });
  writeFileSync(tokenFile(), JSON.stringify(record));
  await nextTurn();
}

/** Writes an account file by hand and waits for the turn that sees it. */
async function writeAccount(file: string, text: string): Promise<void> {
  writeFileSync(file, text);
  await nextTurn();
}

test('a token file: unknown fields and scopes are dropped, the hash is its id', async () => {
  await writeToken({ ...good, scopes: ['content:read', 'root', 'stats:read'], extra: 'x', oauth_client: 'client-1' });
  assert.deepEqual(auth.tokens.get(hashToken(TOKEN)), { id: hashToken(TOKEN), ...good, scopes: ['content:read', 'stats:read'], oauth_client: 'client-1' });
  assert.deepEqual(auth.verify(TOKEN)?.grantedScopes, ['content:read', 'stats:read']);
});

for (const [label, change] of [
  ['not an object', []],
  ['no name', { name: undefined }],
  ['an owner that is no text', { owner: 5 }],
  ['scopes that are no list', { scopes: 'content:read' }],
  ['a scope that is no text', { scopes: ['content:read', 7] }],
  ['no created time', { created: null }],
  ['an expiry that is a number', { expires: 1 }],
  ['a last use that is missing', { last_used: undefined }],
  ['an oauth client of null', { oauth_client: null }],
] as const) {
  test(`a token file with ${label} is no token`, async () => {
    await writeToken(Array.isArray(change) ? change : { ...good, ...change });
    assert.equal(auth.tokens.get(hashToken(TOKEN)), undefined);
    assert.equal(auth.verify(TOKEN), null);
  });
}

test('an expired token is found by its text but is not live, and does not verify', async () => {
  await writeToken({ ...good, expires: '2026-03-01T10:00:00.000Z' });
  assert.equal(auth.tokens.find(TOKEN)?.name, 'Hand');
  assert.equal(auth.tokens.findLive(TOKEN), undefined);
  assert.equal(auth.verify(TOKEN), null);
  await writeToken({ ...good, expires: '2026-03-01T10:00:01.000Z' });
  assert.equal(auth.verify(TOKEN)?.tokenName, 'Hand');
});

test('an account file: plain and quoted values, two-factor state, and what makes it unreadable', async () => {
  const file = join(dir, 'data', 'accounts', 'bo.yaml');
  const base = 'id: bo\nname: "Bo: the second"\nemail: BO@Example.org\nrole: editor\npassword: scrypt$x\n';
  await writeAccount(file, base + 'created: 2026-03-01T09:00:00.000Z\n');
  assert.deepEqual(auth.accounts.get('bo'), { id: 'bo', name: 'Bo: the second', email: 'bo@example.org', role: 'editor', passwordHash: 'scrypt$x', totp: null, recoveryCodes: [], created: '2026-03-01T09:00:00.000Z', language: '' });
  await writeAccount(file, base + 'two_factor:\n  secret: ABC\n  last_step: 42\n');
  assert.deepEqual(auth.accounts.get('bo')?.totp, { secret: 'ABC', lastStep: 42 });
  assert.equal(auth.accounts.get('bo')?.created, '');
  await writeAccount(file, base + 'two_factor:\n  secret: ABC\n');
  assert.deepEqual(auth.accounts.get('bo')?.totp, { secret: 'ABC', lastStep: null });
  await writeAccount(file, base + `two_factor:\n  secret: ABC\n  recovery_codes:\n    - ${'a'.repeat(64)}\n`);
  assert.deepEqual(auth.accounts.get('bo')?.recoveryCodes, ['a'.repeat(64)]);
  await writeAccount(file, base + 'two_factor: null\n');
  assert.equal(auth.accounts.get('bo')?.totp, null);
  logs.length = 0;
  for (const broken of [base + 'two_factor:\n  secret: ABC\n  last_step: 1.5\n', base + 'two_factor: [ABC]\n', base + 'two_factor:\n  secret: ABC\n  recovery_codes: [plain-code]\n', base.replace('role: editor\n', ''), base + 'created: 5\n', 'id: bo\nname: [a\n']) {
    await writeAccount(file, broken);
    assert.equal(auth.accounts.get('bo'), undefined, broken);
  }
  assert.equal(logs.length, 6);
  assert.equal(logs[0], `svc: the account file ${file} cannot be read; that account cannot sign in until it is fixed.`);
});

test('a session file must hold its fields; an expired one is removed when looked at', () => {
  const { id, record } = auth.sessions.create('ada', 'signed_in');
  const file = join(dir, 'data', 'sessions', `${record.key}.json`);
  const stored = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(auth.sessions.get(id), record);
  writeFileSync(file, JSON.stringify({ ...stored, stage: 'admin' }));
  assert.equal(auth.sessions.get(id), undefined);
  writeFileSync(file, JSON.stringify({ ...stored, next: 5 }));
  assert.equal(auth.sessions.get(id), undefined);
  writeFileSync(file, JSON.stringify({ ...stored, next: '/svc/panel', extra: 1 }));
  assert.deepEqual(auth.sessions.get(id), { ...record, next: '/svc/panel' });
  now += 13 * 3_600_000;
  assert.equal(auth.sessions.get(id), undefined);
  assert.throws(() => readFileSync(file), { code: 'ENOENT' });
});
