// A signal while `node dist/stdio.js` is receiving a message waits for its newline at most as long as a stop
// gives an HTTP request (10 s, mcp/transports/stdio.ts): a client that stalls mid-message keeps no process
// alive. Then the session ends as stdin closing ends it: every whole message read is answered, the unfinished
// one is dropped with one sentence on stderr, and the process exits 0. A second signal still exits at once.
// The real process and the real bound (no setting shortens it), so the first test takes some 10 s; the
// transport driven in-process (its stopWaitMs, as its maxLineBytes) shows a newline in time still wins.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';
import { PassThrough } from 'node:stream';
import { STDIO_STOP_WAIT_MS, serveStdio } from '../../dist/mcp/transports/stdio.js';
import { createMcpExchange } from '../../dist/mcp/exchange.js';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';

let site: TestSite;
let token: string;
before(async () => {
  site = await makeTestSite();
  // The child runs on the real clock, which the test site's own tokens do not follow.
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stop wait', scopes: ['content:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

/** Not stdio.exit(): that closes stdin, which ends the session without any signal. */
function exitOf(stdio: StdioChild): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> {
  return new Promise((resolve) => stdio.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a message without its newline is waited for 10 s after SIGINT, then dropped: the whole ones are answered, exit 0', { timeout: 30_000 }, async () => {
  assert.equal(STDIO_STOP_WAIT_MS, 10_000, 'the same bound as an HTTP request in a stop (DRAIN_MS)');
  const stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  const exited = exitOf(stdio);
  const ping = await stdio.request('ping');
  assert.deepEqual(ping.result, {});
  // A whole message and the start of the next in one write, as a client stalling mid-message sends them.
  stdio.sendRaw('{"jsonrpc":"2.0","id":7,"method":"ping"}\n{"jsonrpc":"2.0","id":1,"met');
  assert.equal((await stdio.next()).id, 7);
  const signalled = Date.now();
  stdio.child.kill('SIGINT');
  const { code, signal, at } = await exited;
  assert.deepEqual([code, signal], [0, null], stdio.stderr());
  const waited = at - signalled;
  assert.ok(waited >= STDIO_STOP_WAIT_MS - 100 && waited < STDIO_STOP_WAIT_MS + 4_000, `exited ${waited} ms after the signal`);
  assert.equal(stdio.stderr(), 'svc: stopping, a message still without its newline after 10 s was dropped unanswered.\n');
  // Nothing was answered for the unfinished message (not even a parse error): only the two pings.
  assert.deepEqual(stdio.lines.map((line: any) => [line.id, line.result]), [[ping.id, {}], [7, {}]]);
});

test('while it waits for that newline, a second SIGINT exits at once with 130', { timeout: 30_000 }, async () => {
  const stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  const exited = exitOf(stdio);
  await stdio.request('ping');
  stdio.sendRaw('{"jsonrpc":"2.0","id":2,"met');
  // Time for the child to read the start (a loaded machine can hold it back): with nothing read, a stop waits for nothing.
  await pause(1_000);
  stdio.child.kill('SIGINT');
  await pause(300);
  const second = Date.now();
  stdio.child.kill('SIGINT');
  const { code, at } = await exited;
  assert.equal(code, 130, stdio.stderr());
  assert.ok(at - second < 5_000, `exited ${at - second} ms after the second signal (the wait is 10 s)`);
  assert.doesNotMatch(stdio.stderr(), /dropped/);
});

/** The transport in-process with a short wait: what it wrote, what it logged, and its end. */
function serveInProcess(stopWaitMs: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const stop = new AbortController();
  const written: string[] = [];
  const logged: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const principal = site.deps.auth.verify(token)!;
  const done = serveStdio({
    input, output, stop: stop.signal, stopWaitMs, log: (line) => logged.push(line),
    exchange: createMcpExchange({ registry: defaultRegistry(), log: () => {} }),
    contextFor: (session) => ({ principal, deps: site.deps, session }),
  });
  const ids = () => written.join('').trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line).id);
  return { input, stop, done, logged, ids };
}

test('in-process: a newline that comes within the wait is answered, one that does not is dropped and said once', { timeout: 10_000 }, async () => {
  const inTime = serveInProcess(2_000);
  inTime.input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"me');
  await pause(50);
  inTime.stop.abort();
  await pause(100);
  inTime.input.write('thod":"ping"}\n');
  const started = Date.now();
  await inTime.done;
  assert.ok(Date.now() - started < 1_000, 'ends with the newline, not with the wait');
  assert.deepEqual([inTime.ids(), inTime.logged], [[1, 2], []]);

  const late = serveInProcess(200);
  late.input.write('{"jsonrpc":"2.0","id":3,"method":"ping"}\n{"jsonrpc":"2.0","id":4,"me');
  await pause(50);
  late.stop.abort();
  await late.done;
  late.input.end('thod":"ping"}\n');
  await pause(50);
  assert.deepEqual([late.ids(), late.logged], [[3], ['svc: stopping, a message still without its newline after 0.2 s was dropped unanswered.']]);
});
