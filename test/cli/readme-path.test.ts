// The README's real-site path, read from README.md and run as written in a temp home folder: a clone of this
// checkout, the production install, `svc` on PATH, init, a person, the check, the server, a token and the
// stdio server's first answer with the public URL; then HTTP, and every client setting the README gives.
// So the README cannot drift from what works. Slow (a clone, npm ci from the npm cache, tsc): ~1 minute.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(CHECKOUT, 'README.md'), 'utf8');
const PUBLIC_URL = 'https://example.org';
const SITE_INFO = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"site_info","arguments":{}}}';

/** The fenced blocks of one `## ` section, in order: [language, text]. */
function blocksOf(heading: string): Array<[string, string]> {
  const start = README.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README has no section ${heading}`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\n```(\w*)\n([\s\S]*?)\n```\n/g)].map((match) => [match[1]!, match[2]!]);
}

let base: string;
let home: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;
let serverOutput = '';
let local = '';
let token = '';

/** A repository holding this checkout as it is now (committed or not), for the README's `git clone`. */
function snapshotRepository(into: string): void {
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: CHECKOUT, encoding: 'utf8' }).stdout.split('\0');
  for (const file of files) {
    if (file === '' || file === 'node_modules' || !existsSync(join(CHECKOUT, file))) continue;
    cpSync(join(CHECKOUT, file), join(into, file), { recursive: true });
  }
  for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.name=test', '-c', 'user.email=test@example.org', 'commit', '-qm', 'snapshot']]) {
    const result = spawnSync('git', args, { cwd: into, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
  }
}

/** Runs shell text in bash, starting from the state (exports and folder) the previous blocks left. */
function bash(script: string, options: { background?: boolean } = {}) {
  const state = join(base, 'shell-state');
  const wrapped = `set -euo pipefail\n[ -f ${state} ] && . ${state}\n${script}\n`;
  const keep = `\n{ export -p; printf 'cd %q\\n' "$PWD"; } > ${state}\n`;
  if (options.background) return spawn('bash', ['-c', wrapped], { cwd: home, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const result = spawnSync('bash', ['-c', wrapped + keep], { cwd: home, env, encoding: 'utf8', timeout: 600_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Asks an MCP server for site_info over HTTP (at the local address) with these headers. */
async function siteInfoOverHttp(headers: Record<string, string>): Promise<{ status: number; url?: string }> {
  const res = await fetch(`${local}/svc/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...headers },
    body: SITE_INFO,
  });
  const body = await res.json() as { result?: { structuredContent?: { url?: string } } };
  return { status: res.status, url: body.result?.structuredContent?.url };
}

/** Starts a stdio server the way a client's settings say, and returns site_info's url. */
function siteInfoOverStdio(command: string, args: string[], extraEnv: Record<string, string>): string {
  const result = spawnSync(command, args, { env: { PATH: process.env.PATH, ...extraEnv }, input: SITE_INFO + '\n', encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout.split('\n')[0]!).result.structuredContent.url;
}

/** The README's placeholders for this test's home folder and token. */
const fill = (text: string) => text.replaceAll('/home/you', home).replaceAll('svc_…', token).replaceAll('${input:svc-token}', token);

before(() => {
  base = makeTempFolder('svc-readme-');
  home = join(base, 'home');
  mkdirSync(home);
  mkdirSync(join(base, 'repo'));
  snapshotRepository(join(base, 'repo'));
  // A new user's environment: no SVC_* settings, this home folder. The port is the one documented way
  // around 8080 being taken on this machine; npm keeps using the machine's cache (the home folder is new).
  env = {
    PATH: process.env.PATH, HOME: home, TMPDIR: process.env.TMPDIR, LANG: 'C.UTF-8', SVC_PORT: '0',
    npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'), npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false',
  };
});

after(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('the real-site path runs as written: production install, svc, site, check, server, token, stdio answer with the public URL', { timeout: 900_000 }, async () => {
  const blocks = blocksOf('A real site').filter(([language]) => language === 'sh').map(([, text]) => text);
  assert.equal(blocks.length, 4, 'install, site, serve, assistant');
  const [install, site, serve, assistant] = blocks as [string, string, string, string];
  assert.match(install, /<this repository>/);

  const installed = bash(install.replace('<this repository>', join(base, 'repo')));
  assert.equal(installed.code, 0, installed.err + installed.out);

  // Only the runtime packages are left, exactly those the lock file does not mark as development ones.
  const code = join(home, 'svc');
  const lock = JSON.parse(readFileSync(join(code, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const runtime = Object.entries(lock.packages).filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev).map(([path]) => path.slice('node_modules/'.length)).sort();
  const present = readdirSync(join(code, 'node_modules')).filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(code, 'node_modules', name)).map((inner) => `${name}/${inner}`) : [name])).sort();
  assert.deepEqual(present, runtime);
  for (const name of ['zod', 'yaml', 'micromark', 'image-size']) assert.ok(present.includes(name), name);
  for (const name of ['typescript', 'tsx', '@types/node']) assert.ok(!present.includes(name), name);
  for (const entry of ['cli.js', 'server.js', 'stdio.js']) assert.ok(existsSync(join(code, 'dist', entry)), entry);
  assert.equal(realpathSync(join(home, '.local', 'bin', 'svc')), realpathSync(join(code, 'dist', 'cli.js')));

  const made = bash(site);
  assert.equal(made.code, 0, made.err + made.out);
  const mysite = join(home, 'mysite');
  // Commands named in messages are the ones that work here: `svc` (it is on PATH now), with --root.
  assert.ok(made.out.includes(`Next, add yourself:  svc user add --root ${mysite} --email you@example.org --name "Your Name" --role admin\n`), made.out);
  assert.ok(made.out.includes(`then start it:       svc serve --root ${mysite} --base-url ${PUBLIC_URL}\n`), made.out);
  assert.match(made.out, /Added Ada <ada@example\.org> as admin/);
  assert.ok(made.out.includes(`No problems found in ${mysite}.\n`), made.out);
  assert.equal(made.err, '');

  server = bash(serve, { background: true }) as ChildProcess;
  server.stderr!.setEncoding('utf8').on('data', (text: string) => { serverOutput += text; });
  local = await new Promise<string>((resolve, reject) => {
    server!.stdout!.setEncoding('utf8').on('data', (text: string) => {
      serverOutput += text;
      const found = /\n {2}listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(serverOutput);
      if (found) resolve(found[1]!);
    });
    server!.on('exit', (status) => reject(new Error(`the server ended (${status}): ${serverOutput}`)));
  });
  assert.ok(serverOutput.includes(`  MCP (HTTP)   ${PUBLIC_URL}/svc/mcp\n`), serverOutput);

  const answered = bash(assistant);
  assert.equal(answered.code, 0, answered.err + answered.out);
  const answer = JSON.parse(answered.out.trim().split('\n').pop()!);
  assert.equal(answer.result.structuredContent.url, PUBLIC_URL);
  assert.equal(answered.err, '');

  // Over HTTP: the same answer from the running server, with a token as the README makes one.
  const created = spawnSync(process.execPath, [join(code, 'dist', 'cli.js'), 'token', 'create', '--root', mysite, '--user', 'ada@example.org', '--name', 'Client settings'], { env, encoding: 'utf8' });
  token = created.stdout.trim().split('\n').pop()!;
  assert.match(token, /^svc_[A-Za-z0-9]{40}$/);
  assert.deepEqual(await siteInfoOverHttp({ authorization: `Bearer ${token}` }), { status: 200, url: PUBLIC_URL });
});

test('every client setting in the README starts or reaches the site and answers with its public URL', { timeout: 300_000 }, async () => {
  assert.ok(token && local, 'runs after the real-site path');
  const blocks = blocksOf('Connecting an assistant (MCP)');
  let stdio = 0;
  let http = 0;
  for (const [language, text] of blocks.filter(([language]) => language === 'json')) {
    const settings = JSON.parse(text) as { mcpServers?: Record<string, any>; servers?: Record<string, any>; inputs?: Array<{ id: string; password?: boolean }> };
    const server = Object.values(settings.mcpServers ?? settings.servers ?? {})[0];
    assert.ok(server, `${language} block without a server: ${text}`);
    // VS Code's ${input:…} must name an input it declares, kept as a password.
    for (const [, id] of text.matchAll(/\$\{input:([^}]+)\}/g)) assert.ok(settings.inputs?.some((input) => input.id === id && input.password === true), text);
    if (settings.servers) assert.ok(server.type === 'stdio' || server.type === 'http', 'VS Code names the type');
    if (server.command) {
      stdio++;
      assert.equal(siteInfoOverStdio(server.command, server.args.map(fill), Object.fromEntries(Object.entries(server.env as Record<string, string>).map(([key, value]) => [key, fill(value)]))), PUBLIC_URL, text);
    } else {
      http++;
      assert.equal(server.url, `${PUBLIC_URL}/svc/mcp`);
      if (server.headers) assert.deepEqual(await siteInfoOverHttp({ authorization: fill(server.headers.Authorization) }), { status: 200, url: PUBLIC_URL }, text);
    }
  }
  for (const line of blocks.filter(([language]) => language === 'sh').flatMap(([, text]) => text.split('\n')).filter((line) => line.startsWith('claude mcp add '))) {
    const words = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!).slice(3);
    const dashes = words.indexOf('--');
    const options = dashes < 0 ? words : words.slice(0, dashes);
    const transport = options[options.indexOf('--transport') + 1];
    // The server's name comes before any --env (Claude Code reads --env as a list).
    const name = options.findIndex((word, index) => !word.startsWith('--') && !options[index - 1]?.startsWith('--'));
    assert.ok(name >= 0 && options.slice(0, name).every((word) => word !== '--env'), line);
    if (transport === 'stdio') {
      stdio++;
      const envs = options.flatMap((word, index) => (options[index - 1] === '--env' ? [word.split('=') as [string, string]] : []));
      const [command, ...args] = words.slice(dashes + 1).map(fill);
      assert.equal(siteInfoOverStdio(command!, args, Object.fromEntries(envs.map(([key, value]) => [key, fill(value)]))), PUBLIC_URL, line);
    } else {
      http++;
      assert.equal(transport, 'http');
      assert.equal(options[name + 1], `${PUBLIC_URL}/svc/mcp`);
      const header = fill(options[options.indexOf('--header') + 1]!);
      assert.deepEqual(await siteInfoOverHttp({ authorization: header.replace(/^Authorization: /, '') }), { status: 200, url: PUBLIC_URL }, line);
    }
  }
  // Claude Desktop, Claude Code, Cursor and VS Code over stdio; Claude Code, Cursor and VS Code with a header.
  assert.deepEqual({ stdio, http }, { stdio: 4, http: 3 });
});
