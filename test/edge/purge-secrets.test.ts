// A purge address may carry its credentials (user info, a token in the query): README "Beyond one machine"
// says the Site check shows how each target fares, "never a key". The address is still used whole for the
// purges, but the status file, the Site check, the log and the settings' error sentences name a target only
// by scheme, host, port and path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startPurgeReceiver, type PurgeReceiver } from '../helpers/purge-receiver.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { get, signIn, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';
import { readEdgeSettings, withoutSecrets } from '../../dist/edge/edge-settings.js';
import { startCachePurger } from '../../dist/wiring/start-cache-purger.js';
import type { CachePurger } from '../../src/edge/cache-purger.ts';

const SECRETS = ['S3cretPurgeKey', 'TOPSECRET', 'purger:', 'VarnishPass', 'VKEY'];
let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let purger: CachePurger | null = null;
let panel: PanelHarness;
let ann: Jar;
const logged: string[] = [];

const statusFile = () => join(root, 'data', 'feed', 'purge-status.json');
const assertNoSecret = (text: string, where: string) => {
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `${where} names ${secret}`);
};

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.content.lists();
  await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  receiver = await startPurgeReceiver();
  panel = { url: server.url } as PanelHarness;
  ann = await signIn(panel, 'ann@example.org', 'correct horse battery');
});
after(async () => {
  purger?.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

test('a target is named by scheme, host, port and path: no user info, no query', () => {
  const { targets } = readEdgeSettings({ SVC_PURGE: 'url=https://purger:S3cretPurgeKey@host:8443/ok?token=TOPSECRET varnish=http://127.0.0.1:6081 fastly=SVC1' , SVC_FASTLY_KEY: 'k' });
  assert.deepEqual(targets.map((target) => target.shown), ['https://host:8443/ok', 'http://127.0.0.1:6081/', 'SVC1']);
  // The purges still go to the whole address.
  assert.equal(targets[0]!.where, 'https://purger:S3cretPurgeKey@host:8443/ok?token=TOPSECRET');
});

test('a reason that quotes the address (Node\'s own error text) loses its secrets before a log or the status', () => {
  const [target] = readEdgeSettings({ SVC_PURGE: 'url=https://purger:S3cretPurgeKey@host:8443/ok?token=TOPSECRET' }).targets;
  const reason = withoutSecrets(target!, 'connect failed for https://purger:S3cretPurgeKey@host:8443/ok?token=TOPSECRET (/ok?token=TOPSECRET, S3cretPurgeKey)');
  for (const secret of SECRETS) assert.ok(!reason.includes(secret), reason);
  assert.match(reason, /^connect failed for /);
  const [token] = readEdgeSettings({ SVC_PURGE: 'url=https://tok3nAsUser@host/' }).targets;
  assert.equal(withoutSecrets(token!, 'tok3nAsUser@host refused'), '…host refused');
});

test('a setting refused at start names no secret of the address', () => {
  for (const value of ['url=ftp://purger:S3cretPurgeKey@host/?token=TOPSECRET', 'urls=https://purger:S3cretPurgeKey@host/?token=TOPSECRET', 'varnish=purger:S3cretPurgeKey@host?token=TOPSECRET']) {
    assert.throws(() => readEdgeSettings({ SVC_PURGE: value }), (error: Error) => {
      assertNoSecret(error.message, `the sentence for ${value}`);
      assert.match(error.message, /^SVC_PURGE/);
      return true;
    });
  }
});

test('targets are separated by whitespace only: a comma in an address\'s query stays in it; an item that is no target is named without its value', () => {
  const [target, other] = readEdgeSettings({ SVC_PURGE: 'url=https://purge.example.org/hook?key=abc,Sup3rS3cretTail\n varnish=http://127.0.0.1:6081' }).targets;
  assert.equal(target!.where, 'https://purge.example.org/hook?key=abc,Sup3rS3cretTail');
  assert.equal(target!.shown, 'https://purge.example.org/hook');
  assert.equal(other!.where, 'http://127.0.0.1:6081');
  // A key given alone, or as the value of an unknown kind, is never quoted: the start's error goes to a log.
  for (const [value, shown] of [['url=https://purge.example.org/hook?key=abc Sup3rS3cretTail', 'item 2 ("…", without a kind)'], ['token=Sup3rS3cretTail', 'item 1 ("token=…")']] as const) {
    assert.throws(() => readEdgeSettings({ SVC_PURGE: value }), (error: Error) => {
      assert.ok(!error.message.includes('Sup3rS3cretTail'), error.message);
      assert.ok(error.message.startsWith(`SVC_PURGE: ${shown} is not one of varnish=<address>`), error.message);
      return true;
    });
  }
});

test('purges go to the whole address, while the status, the Site check and the log name it without its secrets', async () => {
  const address = `${receiver.url.replace('http://', 'http://purger:S3cretPurgeKey@')}/ok?token=TOPSECRET`;
  const shown = `${receiver.url}/ok`;
  receiver.answer = { status: 500, body: 'no' };
  purger = startCachePurger({ ...server.deps, log: (line) => logged.push(line) }, readEdgeSettings({ SVC_PURGE: `url=${address} varnish=http://v:VarnishPass@127.0.0.1:9/?k=VKEY` }), 50);
  await waitFor(() => assert.ok(purger!.holding, 'this process sends the purges'));
  server.deps.content.changes!.feed.append({ kind: 'entry.updated', entry: 'posts/hello', languages: [], paths: ['/hello'], before: [], via: 'mcp', person: 'ann', token: 'Claude' });
  await waitFor(() => {
    const lines = JSON.parse(readFileSync(statusFile(), 'utf8')) as Array<{ name: string; where: string; lastError: string | null }>;
    assert.deepEqual(lines.map((line) => [line.name, line.where]), [['url-1', shown], ['varnish-1', 'http://127.0.0.1:9/']]);
    assert.ok(lines.every((line) => line.lastError !== null), 'both failed');
  });
  const sent = receiver.requests.find((request) => request.path.startsWith('/ok'));
  assert.equal(sent?.path, '/ok?token=TOPSECRET');
  assert.equal(sent?.headers.authorization, `Basic ${Buffer.from('purger:S3cretPurgeKey').toString('base64')}`);
  assertNoSecret(readFileSync(statusFile(), 'utf8'), 'the status file');

  const check = await get(panel, '/svc/panel/check', ann);
  assert.ok(check.text.includes(`<td>url-1</td><td><code>${shown}</code></td>`), 'the Site check names the target');
  assertNoSecret(check.text, 'the Site check');
  assert.ok(logged.some((line) => /a cache purge to url-1 failed/.test(line)), logged.join('\n'));
  for (const line of logged) assertNoSecret(line, `the log line ${line}`);
  purger.stop();
  purger = null;
});

test('a status line an earlier version wrote with the whole address is shown without its secrets', async () => {
  writeFileSync(statusFile(), JSON.stringify([{ name: 'url-1', kind: 'url', where: 'https://purger:S3cretPurgeKey@host:8443/ok?token=TOPSECRET', seq: 3, lastPurgeAt: null, lastError: 'host:8443 answered 500', failingSince: '2026-01-01T00:00:00.000Z', pending: 2 }]));
  const check = await get(panel, '/svc/panel/check', ann);
  assert.ok(check.text.includes('<code>https://host:8443/ok</code>'), 'named without its secrets');
  assertNoSecret(check.text, 'the Site check');
});
