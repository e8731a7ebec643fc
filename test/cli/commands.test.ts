import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthService } from '../../dist/auth/auth-service.js';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { svcCommand } from '../../dist/lib/install-paths.js';
import { themeWords } from '../../dist/site/theme-words.js';

/** How the messages name this CLI (no `svc` on PATH here is this one), and the pointer usage errors end with. */
const CMD = svcCommand();
const HELP = `${CMD} help lists the commands.`;

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
let root: string;

before(() => { root = mkdtempSync(join(tmpdir(), 'svc-cli-')); });
after(() => rmSync(root, { recursive: true, force: true }));

/** The environment of a child: this root, and none of the caller's SVC_* settings. */
function childEnv(svcRoot: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SVC_ROOT: svcRoot, ...extra };
  for (const name of ['SVC_DATA', 'SVC_PORT', 'SVC_HOST', 'SVC_BASE_URL', 'SVC_TOKEN']) if (!(name in extra)) delete env[name];
  return env;
}

function svc(args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], { input: input ?? '', encoding: 'utf8', env: childEnv(root, env), timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function auth(): AuthService {
  return new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
}

function filesText(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

test('without a command it prints the usage and exits 2; an unknown command exits 2', () => {
  const none = svc([]);
  assert.equal(none.code, 2);
  assert.ok(none.out.startsWith(`Usage: ${CMD} <command> [options]\n`), none.out);
  const unknown = svc(['frobnicate']);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.err, `svc: Unknown command "frobnicate"; ${HELP}\n`);
  assert.equal(svc(['help']).code, 0);
  const badFlag = svc(['user', 'list', '--colour']);
  assert.equal(badFlag.code, 2);
  // Each subcommand names its own options: user list has none beyond those every command takes.
  assert.equal(badFlag.err, `svc: --colour is not an option here; the options are --root, --data, --host, --port, --base-url, --trust-proxy, --keep-alive-timeout, --max-connections; ${HELP}\n`);
  assert.equal(badFlag.err.split('\n').length, 2);
});

test('serve refuses a folder without a site, naming the command that makes one', () => {
  const result = svc(['serve', '--port', '0']);
  assert.equal(result.code, 1);
  assert.equal(result.err, `svc: There is no site in ${root} (content/site.yaml is missing); create one with: ${CMD} init --root ${root}\n`);
});

test('init creates an empty site the content store accepts, and refuses to run twice', () => {
  const result = svc(['init', '--title', 'Field Notes', '--language', 'de', '--timezone', 'Europe/Berlin']);
  assert.equal(result.code, 0, result.err);
  assert.equal(result.out, [
    `Created a new empty site in ${root}.`,
    'Its url in content/site.yaml is http://127.0.0.1:8080 for now; put the public address there (or init with --url) before it goes live.',
    `Next, add yourself:  ${CMD} user add --root ${root} --email you@example.org --name "Your Name" --role admin`,
    `then start it:       ${CMD} serve --root ${root}`,
    '',
  ].join('\n'));
  const site = loadSiteConfig(join(root, 'content', 'site.yaml'));
  assert.equal(site.title, 'Field Notes');
  assert.deepEqual(site.languages, { de: 'Deutsch' });
  assert.equal(site.timezone, 'Europe/Berlin');
  for (const dir of ['content/posts', 'content/pages', 'content/tags', 'content/media', 'plugins', 'theme']) assert.ok(statSync(join(root, dir)).isDirectory(), dir);
  assert.equal(statSync(join(root, 'data')).mode & 0o777, 0o700);
  // The default theme's words come along, so the new site's German pages say them in German.
  const shipped = join(import.meta.dirname, '..', '..', 'theme', 'translations');
  assert.deepEqual(readdirSync(join(root, 'theme', 'translations')).sort(), ['de.yaml', 'en.yaml']);
  for (const name of ['de.yaml', 'en.yaml']) assert.equal(readFileSync(join(root, 'theme', 'translations', name), 'utf8'), readFileSync(join(shipped, name), 'utf8'), name);
  assert.equal(themeWords(root, 'de', () => {}).text.skip_link, 'Zum Inhalt springen');
  const again = svc(['init']);
  assert.equal(again.code, 1);
  assert.equal(again.err, `svc: There is a site here already (${join(root, 'content', 'site.yaml')}); nothing was changed.\n`);
});

test('init keeps a translation file the theme folder has already and copies the others', () => {
  const dir = makeTempFolder('svc-cli-theme-');
  try {
    mkdirSync(join(dir, 'theme', 'translations'), { recursive: true });
    writeFileSync(join(dir, 'theme', 'translations', 'de.yaml'), 'skip_link: Zum Text\n');
    assert.equal(svc(['init', '--root', dir]).code, 0);
    assert.equal(readFileSync(join(dir, 'theme', 'translations', 'de.yaml'), 'utf8'), 'skip_link: Zum Text\n');
    assert.equal(readFileSync(join(dir, 'theme', 'translations', 'en.yaml'), 'utf8'), readFileSync(join(import.meta.dirname, '..', '..', 'theme', 'translations', 'en.yaml'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('user add takes a piped password or generates one shown once; bad input is refused', () => {
  const piped = svc(['user', 'add', '--email', 'Ada@Example.org', '--name', 'Ada', '--role', 'admin', '--password-stdin'], 'correct horse battery\n');
  assert.equal(piped.code, 0, piped.err);
  assert.equal(piped.out, 'Added Ada <ada@example.org> as admin (account id ada).\n');
  const generated = svc(['user', 'add', '--email', 'carl@example.org', '--name', 'Carl', '--role', 'contributor']);
  assert.equal(generated.code, 0, generated.err);
  const password = /Password \(shown once, keep it safe\): (\S{20})\n/.exec(generated.out)![1]!;
  assert.equal(filesText(join(root, 'data')).includes(password), false);

  const cases: Array<[string[], number, string]> = [
    [['user', 'add', '--email', 'ada@example.org', '--name', 'Again', '--role', 'admin'], 1, 'svc: An account with this email address exists already.\n'],
    [['user', 'add', '--email', 'x@example.org', '--name', 'X', '--role', 'overlord'], 2, `svc: There is no role "overlord". Roles: admin, editor, author, contributor; ${HELP}\n`],
    [['user', 'add', '--email', 'x@example.org', '--role', 'admin'], 2, `svc: The option --name is required; ${HELP}\n`],
    [['user', 'add', '--email', 'not-an-email', '--name', 'X', '--role', 'admin'], 2, `svc: The email address is not valid; ${HELP}\n`],
    [['user', 'frob'], 2, `svc: Unknown user command "frob"; use add, list, role, password, 2fa or remove; ${HELP}\n`],
  ];
  for (const [args, code, err] of cases) {
    const result = svc(args);
    assert.equal(result.err, err, args.join(' '));
    assert.equal(result.code, code, args.join(' '));
  }
  const short = svc(['user', 'add', '--email', 'y@example.org', '--name', 'Y', '--role', 'admin', '--password-stdin'], 'short\n');
  assert.equal(short.code, 1);
  assert.equal(short.err, 'svc: The password must have at least 10 characters.\n');
});

test('user list, role and password', async () => {
  const list = svc(['user', 'list']);
  assert.equal(list.code, 0);
  assert.equal(list.out, 'ada\tAda\tada@example.org\tadmin\t2fa off\t0 tokens\ncarl\tCarl\tcarl@example.org\tcontributor\t2fa off\t0 tokens\n');
  const role = svc(['user', 'role', 'carl@example.org', 'author']);
  assert.equal(role.out, 'Carl is now author. Their tokens follow the new role at once.\n');
  assert.equal(auth().accounts.get('carl')!.role, 'author');
  assert.equal(svc(['user', 'role', 'carl', 'contributor']).code, 0);
  assert.equal(svc(['user', 'role', 'nobody', 'admin']).err, `svc: There is no account "nobody"; ${CMD} user list --root ${root} lists them.\n`);
  assert.equal(svc(['user', 'role', 'carl']).code, 2);
  const session = auth().sessions.create('carl', 'signed_in');
  const changed = svc(['user', 'password', 'carl', '--password-stdin'], 'another fine password\n');
  assert.equal(changed.code, 0, changed.err);
  assert.equal(changed.out, 'The password of Carl was changed; their panel sessions have ended.\n');
  assert.equal((await auth().checkPassword('carl@example.org', 'another fine password'))?.id, 'carl');
  assert.equal(auth().sessions.get(session.id), undefined);
});

test('user 2fa prints the otpauth address of the stored secret and ten recovery codes, ends sessions, and --off turns it off', () => {
  const session = auth().sessions.create('ada', 'signed_in');
  const on = svc(['user', '2fa', 'ada']);
  assert.equal(on.code, 0, on.err);
  const secret = auth().accounts.get('ada')!.totp!.secret;
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.ok(on.out.includes(`otpauth://totp/Field%20Notes%3Aada%40example.org?secret=${secret}&issuer=Field+Notes&algorithm=SHA1&digits=6&period=30\n`));
  assert.equal(auth().sessions.get(session.id), undefined);
  const codes = on.out.split('\n').filter((line) => line.startsWith('  ')).map((line) => line.trim());
  assert.equal(codes.length, 10);
  assert.equal(new Set(codes).size, 10);
  for (const code of codes) assert.equal(filesText(join(root, 'data')).includes(code), false);
  assert.equal(auth().accounts.consumeRecoveryCode('ada', codes[3]!), 9);
  assert.equal(auth().accounts.consumeRecoveryCode('ada', codes[3]!), null);
  const off = svc(['user', '2fa', 'ada@example.org', '--off']);
  assert.equal(off.out, 'Two-factor sign-in is off for Ada.\n');
  assert.equal(auth().accounts.get('ada')!.totp, null);
});

test('token create shows the token once and stores only its hash; scopes stay within the role', () => {
  const created = svc(['token', 'create', '--user', 'ada', '--name', 'Laptop', '--scope', 'content:read', '--scope', 'stats:read', '--expires', '30d']);
  assert.equal(created.code, 0, created.err);
  const token = /^(svc_[A-Za-z0-9]{40})$/m.exec(created.out)![1]!;
  const principal = auth().verify(token)!;
  assert.deepEqual([...principal.scopes].sort(), ['content:read', 'stats:read']);
  assert.equal(filesText(join(root, 'data')).includes(token), false);

  const all = svc(['token', 'create', '--user', 'carl@example.org', '--name', 'Default scopes']);
  assert.match(all.out, /scopes content:read content:write, expires \d{4}-\d\d-\d\d \d\d:\d\d\./);
  const cases: Array<[string[], number, string]> = [
    [['token', 'create', '--user', 'carl', '--name', 'P', '--scope', 'content:publish'], 1, 'svc: The role contributor may not grant the scope content:publish.\n'],
    [['token', 'create', '--user', 'carl', '--name', 'P', '--expires', '2w'], 2, `svc: --expires takes 30d, 90d, 1y or none; ${HELP}\n`],
    [['token', 'create', '--user', 'nobody', '--name', 'P'], 1, `svc: There is no account "nobody"; ${CMD} user list --root ${root} lists them.\n`],
    [['token', 'create', '--user', 'carl'], 2, `svc: The option --name is required; ${HELP}\n`],
    [['token', 'create', '--user', 'carl', '--name', 'P', '--scope', 'root'], 2, `svc: There is no scope named "root"; ${HELP}\n`],
  ];
  for (const [args, code, err] of cases) {
    const result = svc(args);
    assert.equal(result.err, err, args.join(' '));
    assert.equal(result.code, code, args.join(' '));
  }
});

test('token list and revoke by id prefix; the revoked token stops working', () => {
  const created = svc(['token', 'create', '--user', 'ada', '--name', 'To revoke', '--expires', 'none']);
  const token = /^(svc_[A-Za-z0-9]{40})$/m.exec(created.out)![1]!;
  const id = auth().tokenId(token);
  const list = svc(['token', 'list', '--user', 'ada']);
  assert.match(list.out, new RegExp(`^${id.slice(0, 12)}\\tTo revoke\\tada\\tstats:read content:read content:write content:publish\\tcreated \\S+ \\S+\\texpires never\\tlast used never$`, 'm'));
  assert.equal(list.out.includes(token), false);
  assert.equal(svc(['token', 'revoke', id.slice(0, 8)]).code, 2);
  assert.equal(svc(['token', 'revoke', 'f'.repeat(12)]).err, `svc: There is no token with the id ${'f'.repeat(12)}.\n`);
  const revoked = svc(['token', 'revoke', id.slice(0, 12)]);
  assert.equal(revoked.out, 'Revoked the token "To revoke" of ada.\n');
  assert.equal(auth().verify(token), null);
});

test('user remove ends the account and its tokens', () => {
  const created = svc(['token', 'create', '--user', 'carl', '--name', 'Carl token']);
  const token = /^(svc_[A-Za-z0-9]{40})$/m.exec(created.out)![1]!;
  assert.ok(auth().verify(token));
  const removed = svc(['user', 'remove', 'carl@example.org']);
  assert.equal(removed.out, 'Removed Carl <carl@example.org>; their tokens and sessions have ended.\n');
  assert.equal(auth().verify(token), null);
  assert.equal(auth().listTokens('carl').length, 0);
  assert.equal(svc(['user', 'remove', 'carl']).code, 1);
});

test('mcp starts the stdio server with the same arguments: without a token it refuses', () => {
  const result = svc(['mcp'], '', { SVC_TOKEN: '' });
  assert.notEqual(result.code, 0);
  assert.match(result.err, /a valid token is required/);
});

test('mcp passes the token through: the stdio server answers initialize on stdout', () => {
  const created = svc(['token', 'create', '--user', 'ada', '--name', 'Stdio']);
  const token = /^(svc_[A-Za-z0-9]{40})$/m.exec(created.out)![1]!;
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
  const result = svc(['mcp', `--token=${token}`], initialize + '\n');
  assert.equal(result.code, 0, result.err);
  const answer = JSON.parse(result.out.split('\n')[0]!);
  assert.equal(answer.id, 1);
  assert.equal(answer.result.serverInfo.name, 'svc');
});

/** Starts `svc demo` on a fresh root and collects its output until the demo lines are printed. */
function startDemo(demoRoot: string, until: RegExp): Promise<{ output: string; stop: () => Promise<void> }> {
  return startCli(demoRoot, ['demo', '--port', '0'], until);
}

/** Starts a long-running command (serve, demo) and collects its output until `until` matches. */
function startCli(siteRoot: string, args: string[], until: RegExp): Promise<{ output: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: childEnv(siteRoot) });
  let output = '';
  return new Promise((resolve, reject) => {
    // A guard against a hang, not a timing: under a heavily loaded machine a start took over 30 s.
    const timer = setTimeout(() => { child.kill(); reject(new Error(`demo did not start: ${output}`)); }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until.test(output)) {
        clearTimeout(timer);
        resolve({
          output,
          stop: () => new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

test('demo creates an admin and an all-scope token on first start, shows them once, then serves', async () => {
  const demoRoot = mkdtempSync(join(tmpdir(), 'svc-demo-'));
  try {
    const first = await startDemo(demoRoot, /\n {2}svc_[A-Za-z0-9]{40}\n/);
    const password = /password {2}(\S+)\n/.exec(first.output)![1]!;
    const token = /\n {2}(svc_[A-Za-z0-9]{40})\n/.exec(first.output)![1]!;
    const base = /panel {8}(http:\/\/127\.0\.0\.1:\d+)\/svc\/panel\//.exec(first.output)![1]!;
    assert.match(first.output, /email {5}admin@example\.org\n/);
    // The demo's own panel line names the port bound, not the 0 it was asked for.
    assert.ok(first.output.includes(`\n  panel     ${base}/svc/panel/\n`), first.output);
    const signInPage = await fetch(`${base}/svc/panel/sign-in`);
    assert.equal(signInPage.status, 200);
    await first.stop();
    const demoAuth = new AuthService({ dataDir: join(demoRoot, 'data'), clock: Date.now, log: () => {} });
    assert.equal((await demoAuth.checkPassword('admin@example.org', password))?.role, 'admin');
    assert.deepEqual([...demoAuth.verify(token)!.scopes].sort(), ['content:publish', 'content:read', 'content:write', 'stats:read']);
    const stored = filesText(join(demoRoot, 'data')) + filesText(join(demoRoot, 'content'));
    assert.equal(stored.includes(token), false);
    assert.equal(stored.includes(password), false);

    const second = await startDemo(demoRoot, /New token: [^\n]*\n/);
    await second.stop();
    assert.ok(second.output.includes(`  New password: ${CMD} user password --root ${demoRoot} admin@example.org\n`), second.output);
    assert.ok(second.output.includes(`  New token:    ${CMD} token create --root ${demoRoot} --user admin@example.org --name Demo\n`), second.output);
    assert.doesNotMatch(second.output, /svc_[A-Za-z0-9]{40}/);
    assert.equal(second.output.includes(password), false);
    assert.equal(demoAuth.listTokens().length, 1);
  } finally {
    rmSync(demoRoot, { recursive: true, force: true });
  }
});

test('a data folder that is a file, or inside one, gives one sentence and exit code 1, no stack trace', () => {
  const dir = makeTempFolder('svc-cli-file-');
  writeFileSync(join(dir, 'afile'), '');
  assert.equal(svc(['init', '--root', dir]).code, 0);
  const result = svc(['stats', 'rollup', '--data', join(dir, 'afile'), '--root', dir]);
  assert.equal(result.code, 1);
  assert.equal(result.err, `svc: The data folder ${join(dir, 'afile')} is a file, not a folder.\n`);
  const inside = svc(['user', 'list', '--data', join(dir, 'afile', 'data'), '--root', dir]);
  assert.equal(inside.code, 1);
  assert.equal(inside.err, `svc: The data folder ${join(dir, 'afile', 'data')} cannot be used: a part of the path is a file, not a folder.\n`);
});

test('serve with a public --base-url prints the public addresses and the local one it listens on', async () => {
  const running = await startCli(root, ['serve', '--port', '0', '--base-url', 'https://example.org'], /listening on [^\n]*\n/);
  try {
    assert.match(running.output, /\n {2}website {6}https:\/\/example\.org\/\n/);
    assert.match(running.output, /\n {2}MCP \(HTTP\) {3}https:\/\/example\.org\/svc\/mcp\n/);
    const local = /\n {2}listening on (http:\/\/127\.0\.0\.1:\d+) \(the public address above is https:\/\/example\.org; point its proxy here\)\n/.exec(running.output);
    assert.ok(local, running.output);
    const site = await fetch(`${local[1]}/svc/api/v1/site`);
    assert.equal(site.status, 200);
    assert.equal((await site.json()).url, 'https://example.org');
  } finally {
    await running.stop();
  }
});
