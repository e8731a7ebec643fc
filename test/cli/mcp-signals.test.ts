// `svc mcp` stops as `node dist/stdio.js` does (README "Stopping"): on a first signal the message being
// received is read to its newline and answered, then it exits 0; only a second signal exits at once. Ctrl-C
// in a terminal sends SIGINT to the whole process group, a service manager SIGTERM to the process it started:
// both are tried on both entries, each with a tool call cut in half when the signal comes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
const base = makeTempFolder('svc-mcp-signals-');
const root = join(base, 'site');
const env = { PATH: process.env.PATH, SVC_SCRYPT_N: '1024' };
let token = '';

function cli(args: string[], input = '') {
  const result = spawnSync(process.execPath, [dist('cli.js'), ...args, '--root', root], { env, input, encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

before(() => {
  cli(['init', '--title', 'Signals']);
  cli(['user', 'add', '--email', 'ada@example.org', '--name', 'Ada', '--role', 'admin', '--password-stdin'], 'correct horse battery\n');
  token = /^(svc_[A-Za-z0-9]{40})$/m.exec(cli(['token', 'create', '--user', 'ada', '--name', 'Signals']))![1]!;
});

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const SITE_INFO = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_info', arguments: {} } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many processes are in the process group `pgid` (Linux: /proc/<pid>/stat; null elsewhere). Ctrl-C goes
 * to each of them: a second process there (a child running the server) is a second signal to the server,
 * unless the kernel happens to merge the two, as it may on a busy machine, so this is checked as such.
 */
function groupSize(pgid: number): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) count++;
    } catch { /* gone meanwhile */ }
  }
  return count;
}

/**
 * Starts `command` as the leader of a process group of its own (as a shell starts a job), waits for its
 * answer to initialize, sends half a tool call, signals (`group`: every process of the group, as Ctrl-C
 * does; else the started process alone), then sends the rest. Resolves with the answers and the exit code.
 */
async function halfMessageThenSignal(args: string[], signal: NodeJS.Signals, group: boolean): Promise<{ ids: unknown[]; code: number | null; err: string; group: number | null }> {
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const ids: unknown[] = [];
  let answered: () => void = () => {};
  const initialized = new Promise<void>((resolve) => { answered = resolve; });
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    out += text;
    for (let at = out.indexOf('\n'); at >= 0; at = out.indexOf('\n')) {
      ids.push(JSON.parse(out.slice(0, at)).id);
      out = out.slice(at + 1);
      answered();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => { err += text; });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const guard = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 60_000);
  try {
    child.stdin.write(INITIALIZE + '\n');
    await initialized;
    const size = groupSize(child.pid!);
    const half = SITE_INFO.length >> 1;
    child.stdin.write(SITE_INFO.slice(0, half));
    // Time for the child to read the half (a loaded machine can hold it back): with nothing read, a stop waits for nothing.
    await pause(1_000);
    process.kill(group ? -child.pid! : child.pid!, signal);
    await pause(300);
    child.stdin.write(SITE_INFO.slice(half) + '\n');
    return { ids, code: await closed, err, group: size };
  } finally {
    clearTimeout(guard);
  }
}

/** The two ways to start the stdio server, with the token made in before(). */
const entries = (): Array<[string, string[]]> => [
  ['node dist/stdio.js', [dist('stdio.js'), `--root=${root}`, `--token=${token}`]],
  ['svc mcp', [dist('cli.js'), 'mcp', `--root=${root}`, `--token=${token}`]],
];

for (const [signal, group] of [['SIGINT', true], ['SIGTERM', false], ['SIGTERM', true]] as const) {
  test(`one ${signal} to ${group ? 'the process group' : 'the process alone'}: the message being read is answered, then exit 0, from both entries`, async () => {
    for (const [name, args] of entries()) {
      const result = await halfMessageThenSignal(args, signal, group);
      assert.deepEqual(result.ids, [1, 2], `${name}: ${result.err}`);
      assert.equal(result.code, 0, `${name}: ${result.err}`);
      assert.equal(result.err, '', name);
      if (result.group !== null) assert.equal(result.group, 1, `${name}: the processes a Ctrl-C reaches`);
    }
  });
}
