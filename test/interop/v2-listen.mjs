// Runs in the interop scratch folder (where @modelcontextprotocol/client 2.4.x is installed). The official v2
// client, pinned to 2026-07-28, listens (subscriptions/listen) to an entry's resource, says so on stdout as
// {"listening": "<id>"}, and waits for notifications/resources/updated after a write someone else makes
// (run.ts: through the panel); then reads the resource again. Prints one JSON line; exits non-zero on failure.
// Usage: node v2-listen.mjs http URL | node v2-listen.mjs stdio /abs/dist/stdio.js SITE_ROOT  (TOKEN in env)
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [kind, where, root] = process.argv.slice(2);
const transport = kind === 'http'
  ? new StreamableHTTPClientTransport(new URL(where), { requestInit: { headers: { authorization: `Bearer ${process.env.TOKEN}` } } })
  : new StdioClientTransport({ command: process.env.SVC_NODE || 'node', args: [where, `--root=${root}`], env: { PATH: process.env.PATH, SVC_TOKEN: process.env.TOKEN }, stderr: 'inherit' });
const client = new Client({ name: `svc-interop-v2-listen-${kind}`, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
const seen = {};
const fail = (why) => { console.log(JSON.stringify({ ok: false, why, seen })); process.exit(1); };
try {
  await client.connect(transport);
  const list = (await client.callTool({ name: 'content_list', arguments: { status: 'published', limit: 1 } })).structuredContent;
  const id = list.entries[0]?.id;
  if (!id) fail('no published entry to follow');
  const uri = `svc://entry/${id}`;
  const updated = new Promise((resolve) => client.setNotificationHandler('notifications/resources/updated', (notification) => resolve(notification.params.uri)));
  const subscription = await client.listen({ resourceSubscriptions: [uri] });
  seen.honoured = subscription.honoredFilter;
  if (subscription.honoredFilter.resourceSubscriptions?.[0] !== uri) fail(`the listen was not honoured for ${uri}`);
  console.log(JSON.stringify({ listening: id }));
  const told = await Promise.race([updated, new Promise((resolve) => setTimeout(() => resolve(null), 15_000))]);
  if (told !== uri) fail(`no notifications/resources/updated for ${uri} within 15 s`);
  seen.told = told;
  const read = await client.readResource({ uri });
  seen.title = JSON.parse(read.contents[0].text).fields?.title;
  await subscription.close();
  seen.closed = await Promise.race([subscription.closed, new Promise((resolve) => setTimeout(() => resolve('not closed'), 5_000))]);
  await client.close();
} catch (error) {
  fail(String(error?.stack ?? error));
}
console.log(JSON.stringify({ ok: true, seen }));
process.exit(0);
