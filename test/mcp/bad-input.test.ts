// Table-driven bad input, sent over both transports to the real servers: every row gets a clear error and
// the server keeps serving afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { post, callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { loadRegistry } from '../../dist/wiring/mcp-registry.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let stdio: StdioChild;
let token: string;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'bad input', scopes: ['content:read', 'content:write', 'content:publish', 'stats:read'], expiresInDays: null }).token;
  stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
});
after(async () => {
  await stdio.exit();
  await served.close();
});

const err = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
const BIG = 14 * 1024 * 1024;

/** [what, message text, whole expected answer, HTTP status] */
const ROWS: Array<[string, string, unknown, number]> = [
  ['truncated JSON', '{"jsonrpc":"2.0","id":1,', err(null, -32700, 'The message is not valid JSON.'), 400],
  ['not JSON at all', 'hello there', err(null, -32700, 'The message is not valid JSON.'), 400],
  ['JSON null', 'null', err(null, -32600, 'A JSON-RPC message must be a JSON object.'), 400],
  ['a JSON string', '"ping"', err(null, -32600, 'A JSON-RPC message must be a JSON object.'), 400],
  ['a JSON number', '42', err(null, -32600, 'A JSON-RPC message must be a JSON object.'), 400],
  ['an empty object', '{}', err(null, -32600, 'The message must have "jsonrpc": "2.0".'), 400],
  ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":3,"method":"ping"}', err(3, -32600, 'The message must have "jsonrpc": "2.0".'), 400],
  ['a null id', '{"jsonrpc":"2.0","id":null,"method":"ping"}', err(null, -32600, 'The id must be a string or an integer, never null.'), 400],
  ['an object id', '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', err(null, -32600, 'The id must be a string or an integer.'), 400],
  ['a fractional id', '{"jsonrpc":"2.0","id":2.5,"method":"ping"}', err(null, -32600, 'The id must be a string or an integer.'), 400],
  ['an integer id past what JSON numbers hold exactly', '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}', err(null, -32600, 'The id must be a string or an integer from -9007199254740991 to 9007199254740991 (one a JSON number holds exactly).'), 400],
  ['a numeric method', '{"jsonrpc":"2.0","id":4,"method":7}', err(4, -32600, 'The "method" must be a non-empty string.'), 400],
  ['no method', '{"jsonrpc":"2.0","id":5}', err(5, -32600, 'The message has no "method".'), 400],
  ['string params', '{"jsonrpc":"2.0","id":6,"method":"ping","params":"x"}', err(6, -32600, 'The "params" must be an object.'), 400],
  ['array params', '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":[]}', err(7, -32602, 'The params must be an object, not an array.'), 200],
  ['deep nesting', `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`, err(null, -32600, 'The message is nested deeper than 64 levels.'), 400],
  ['a huge message', `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"a":"${'x'.repeat(BIG)}"}}`, err(null, -32600, `The message is larger than ${BIG} bytes.`), 413],
  ['an unknown method', '{"jsonrpc":"2.0","id":10,"method":"tools/delete"}', err(10, -32601, 'Method not found: tools/delete.'), 200],
  ['an unknown tool', '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"content_delete"}}', err(11, -32602, 'Unknown tool: content_delete. Call tools/list to see the tools.'), 200],
  ['tools/call without a name', '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{}}', err(12, -32602, 'Invalid params for tools/call: name: Invalid input: expected string, received undefined.'), 200],
  ['tools/call with string arguments', '{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"site_info","arguments":"x"}}', err(13, -32602, 'Invalid params for tools/call: arguments: Invalid input: expected record, received string.'), 200],
  ['resources/read with a numeric uri', '{"jsonrpc":"2.0","id":14,"method":"resources/read","params":{"uri":5}}', err(14, -32602, 'Invalid params for resources/read: uri: Invalid input: expected string, received number.'), 200],
  ['prompts/get without a name', '{"jsonrpc":"2.0","id":15,"method":"prompts/get","params":{}}', err(15, -32602, 'Invalid params for prompts/get: name: Invalid input: expected string, received undefined.'), 200],
];

async function httpPing(): Promise<void> {
  site.clock.now += 1000;
  const answer = await post(http.url, { jsonrpc: '2.0', id: 'alive', method: 'ping' }, token);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: 'alive', result: {} });
}

async function stdioPing(): Promise<void> {
  stdio.send({ jsonrpc: '2.0', id: 'alive', method: 'ping' });
  assert.deepEqual(await stdio.next(), { jsonrpc: '2.0', id: 'alive', result: {} });
}

for (const [what, text, expected, status] of ROWS) {
  test(`HTTP: ${what} gets HTTP ${status} with a whole JSON-RPC error, and the server keeps serving`, async () => {
    site.clock.now += 1000;
    const answer = await post(http.url, text, token);
    assert.equal(answer.status, status);
    assert.deepEqual(answer.json, expected);
    await httpPing();
  });
  test(`stdio: ${what} gets a whole JSON-RPC error line, and the server keeps serving`, async () => {
    stdio.sendRaw(text + '\n');
    assert.deepEqual(await stdio.next(), expected);
    await stdioPing();
  });
}

/** A value of the wrong JSON type for a JSON Schema property. */
function wrongValue(schema: any): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': return 12345;
    case 'integer': case 'number': return 'not a number';
    case 'boolean': return 'yes';
    case 'array': return 'not a list';
    case 'object': return 'not an object';
    default: return { wrong: true };
  }
}

test('every argument of every tool refuses a value of the wrong type with a tool error naming it, over HTTP and stdio', async () => {
  let checked = 0;
  for (const tool of (await loadRegistry()).tools) {
    const properties = ((await tool.inputSchema()).properties ?? {}) as Record<string, any>;
    for (const [name, schema] of Object.entries(properties)) {
      const args = { [name]: wrongValue(schema) };
      const pattern = new RegExp(`^The arguments of ${tool.name} are not valid: (.*; )?${name}: .+\\. Fix them and call ${tool.name} again\\.$`);
      const overHttp = await callTool(site, http.url, token, tool.name, args);
      assert.equal(overHttp.isError, true, `${tool.name}.${name}`);
      assert.match(overHttp.content[0].text, pattern);
      stdio.send({ jsonrpc: '2.0', id: `${tool.name}.${name}`, method: 'tools/call', params: { name: tool.name, arguments: args } });
      const overStdio = await stdio.next();
      assert.deepEqual(overStdio.result, overHttp);
      checked++;
    }
  }
  assert.ok(checked >= 10, `checked ${checked} arguments`);
  await httpPing();
  await stdioPing();
});

/** [tool, arguments, the whole sentence] for the reading tools. */
const READING: Array<[string, Record<string, unknown>, string]> = [
  ['site_info', { extra: 1 }, 'unknown argument extra'],
  ['content_list', { type: 5 }, 'type: Invalid input: expected string, received number'],
  ['content_list', { type: '' }, 'type: Too small: expected string to have >=1 characters'],
  ['content_list', { status: 'deleted' }, 'status: Invalid option: expected one of "any"|"published"|"draft"|"scheduled"'],
  ['content_list', { tag: ['a'] }, 'tag: Invalid input: expected string, received array'],
  ['content_list', { category: null }, 'category: Invalid input: expected string, received null'],
  ['content_list', { search: {} }, 'search: Invalid input: expected string, received object'],
  ['content_list', { language: true }, 'language: Invalid input: expected string, received boolean'],
  ['content_list', { limit: '5' }, 'limit: Invalid input: expected number, received string'],
  ['content_list', { limit: 1.5 }, 'limit: Invalid input: expected int, received number'],
  ['content_list', { limit: 0 }, 'limit: Too small: expected number to be >=1'],
  ['content_list', { limit: 101 }, 'limit: Too big: expected number to be <=100'],
  ['content_list', { limit: 5, sort: 'title' }, 'unknown argument sort'],
  // Names repeated from the request: five at most, each up to 100 characters.
  ['site_info', { ['k'.repeat(100_000)]: 1 }, `unknown argument ${'k'.repeat(100)}…`],
  ['site_info', Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`a${i}`, i])), 'unknown arguments a0, a1, a2, a3, a4 and 2995 more'],
  ['content_list', { limit: 5, ['s'.repeat(500)]: 1, b: 2 }, `unknown arguments ${'s'.repeat(100)}…, b`],
  ['content_read', {}, 'id: Invalid input: expected string, received undefined'],
  ['content_read', { id: 5 }, 'id: Invalid input: expected string, received number'],
  ['content_read', { id: 'posts/hello', language: 3 }, 'language: Invalid input: expected string, received number'],
  ['content_read', { id: 'x'.repeat(201) }, 'id: Too big: expected string to have <=200 characters'],
  ['content_cards', { language: 1 }, 'language: Invalid input: expected string, received number'],
];

for (const [tool, args, reason] of READING) {
  test(`${tool} with ${JSON.stringify(args).slice(0, 60)} is a tool error: ${reason}`, async () => {
    const result = await callTool(site, http.url, token, tool, args);
    assert.deepEqual(result, {
      content: [{ type: 'text', text: `The arguments of ${tool} are not valid: ${reason}. Fix them and call ${tool} again.` }],
      isError: true,
    });
  });
}

test('a field named __proto__ is refused by name, not left out and answered as done', async () => {
  const before = await callTool(site, http.url, token, 'content_read', { id: 'posts/hello' });
  // A computed key makes an own property, as JSON.parse does with the request.
  for (const [tool, args] of [
    ['content_update', { id: 'posts/hello', fields: { ['__proto__']: { tags: ['x'] } } }],
    ['content_update', { id: 'posts/hello', title: 'Changed', fields: { excerpt: 'e', ['__proto__']: null } }],
    ['content_create', { type: 'post', title: 'Proto', fields: { ['__proto__']: 'x' } }],
  ] as const) {
    const result = await callTool(site, http.url, token, tool, args);
    assert.deepEqual(result, {
      content: [{ type: 'text', text: `The arguments of ${tool} are not valid: fields.__proto__: "__proto__" is not a name this tool takes. Fix them and call ${tool} again.` }],
      isError: true,
    });
  }
  assert.deepEqual(await callTool(site, http.url, token, 'content_read', { id: 'posts/hello' }), before);
  assert.equal(site.deps.content.entries().some((entry) => entry.id === 'posts/proto'), false);
});

test('a body that is not valid UTF-8 is refused with 400 and -32700, and nothing is written', async () => {
  const before = site.deps.content.entries().length;
  const title = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"content_create","arguments":{"type":"post","title":"Caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}}')]);
  const response = await fetch(http.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.tokens.admin}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: title,
  });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid UTF-8.' } });
  site.deps.content.invalidate();
  assert.equal(site.deps.content.entries().length, before);
});
