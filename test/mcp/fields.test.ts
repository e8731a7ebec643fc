// The optional `fields` argument of content_list and content_read: only the keys named, in the answer's own
// order, every answer still conforming to the declared outputSchema (callTool checks it); left out, the
// answers are exactly the specification's; bad lists are tool errors that change nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const ROW = ['id', 'title', 'status', 'date', 'url', 'languages', 'tags', 'category', 'start', 'created_by_assistant'];
const READ = ['id', 'type', 'language', 'status', 'url', 'requested_language_missing', 'fields', 'files', 'style', 'classes', 'translations', 'data_note', 'body'];

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

const call = (name: string, args: unknown) => callTool(site, http.url, site.tokens.editor!, name, args);

test('content_list without fields answers the spec\'s rows; with fields, only those keys, in the row\'s order', async () => {
  const whole = (await call('content_list', { limit: 100 })).structuredContent;
  assert.ok(whole.count > 2);
  for (const row of whole.entries) assert.deepEqual(Object.keys(row), ROW);
  const picked = (await call('content_list', { limit: 100, fields: ['title', 'id'] })).structuredContent;
  assert.equal(picked.count, whole.count);
  assert.deepEqual(picked.entries, whole.entries.map((row: any) => ({ id: row.id, title: row.title })));
  // The text content is the same JSON, and much shorter.
  const wholeText = (await call('content_list', { limit: 100 })).content[0].text;
  const pickedText = (await call('content_list', { limit: 100, fields: ['id', 'title'] })).content[0].text;
  assert.deepEqual(JSON.parse(pickedText), picked);
  assert.ok(pickedText.length * 2.5 < wholeText.length, `${pickedText.length} against ${wholeText.length}`);
  const all = (await call('content_list', { limit: 100, fields: [...ROW].reverse() })).structuredContent;
  assert.deepEqual(all, whole, 'every key named is the whole row');
});

test('content_read with fields: only those keys and the data note; without, the whole answer', async () => {
  const { entries } = (await call('content_list', { limit: 1, status: 'published' })).structuredContent;
  const id = entries[0].id;
  const whole = (await call('content_read', { id })).structuredContent;
  assert.deepEqual(Object.keys(whole), READ);
  const picked = (await call('content_read', { id, fields: ['body', 'id'] })).structuredContent;
  assert.deepEqual(Object.keys(picked), ['id', 'data_note', 'body']);
  assert.equal(picked.body, whole.body);
  assert.equal(picked.data_note, whole.data_note);
  assert.deepEqual(Object.keys((await call('content_read', { id, fields: ['status'] })).structuredContent), ['status', 'data_note']);
  assert.deepEqual((await call('content_read', { id, fields: READ.filter((key) => key !== 'data_note') })).structuredContent, whole);
});

test('bad fields are tool errors naming the problem; nothing is answered in part', async () => {
  const many = Array.from({ length: 1000 }, (_, n) => `f${n}`);
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['content_list', { fields: ['id', 'nope'] }, /fields/],
    ['content_list', { fields: ['__proto__'] }, /fields/],
    ['content_list', { fields: ['id', 'id'] }, /name each field once/],
    ['content_list', { fields: [] }, /fields/],
    ['content_list', { fields: 'id,title' }, /fields/],
    ['content_list', { fields: many }, /fields/],
    ['content_list', { fields: Array.from({ length: 1000 }, () => 'id') }, /fields/],
    ['content_read', { id: 'posts/hello', fields: ['title'] }, /fields/],
    ['content_read', { id: 'posts/hello', fields: ['data_note'] }, /fields/],
    ['content_read', { id: 'posts/hello', fields: ['body', 'body'] }, /name each field once/],
    ['content_read', { id: 'posts/hello', fields: [{}] }, /fields/],
  ];
  for (const [name, args, message] of cases) {
    const answer = await rpc(site, http.url, site.tokens.editor!, 'tools/call', { name, arguments: args });
    const result = answer.json.result;
    assert.equal(result?.isError, true, `${name} ${JSON.stringify(args).slice(0, 80)}: ${answer.text.slice(0, 200)}`);
    assert.match(result.content[0].text, message);
    assert.equal(result.structuredContent, undefined);
    assert.ok(result.content[0].text.length < 2000, 'a short message, not the list echoed back');
  }
});

test('tools/list describes the fields argument, its known names, and rows of either shape', async () => {
  const tools = (await rpc(site, http.url, site.tokens.editor!, 'tools/list', {})).json.result.tools as any[];
  const list = tools.find((tool) => tool.name === 'content_list');
  assert.deepEqual(list.inputSchema.properties.fields.items.enum, ROW);
  assert.equal(list.inputSchema.properties.fields.maxItems, ROW.length);
  assert.ok(!list.inputSchema.required?.includes('fields'));
  const read = tools.find((tool) => tool.name === 'content_read');
  assert.deepEqual(read.inputSchema.properties.fields.items.enum, READ.filter((key) => key !== 'data_note'));
  assert.equal(read.outputSchema.type, 'object');
});
