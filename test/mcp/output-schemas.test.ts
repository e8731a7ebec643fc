// Every tool declares an outputSchema made from the schema that shapes its answer; the tool tests check each
// answer against it (helpers/output-schemas.ts). Here: what tools/list declares is that schema, and the check
// itself finds what is wrong, so a conforming answer elsewhere means something.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { rpc, callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { assertAnswerConforms, outputSchemas } from '../helpers/output-schemas.ts';
import { schemaProblems } from '../helpers/json-schema.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

test('tools/list declares for every tool the output schema its answers are checked against, an object at the root', async () => {
  const listed = (await rpc(site, http.url, site.tokens.editor!, 'tools/list', {})).json.result.tools as any[];
  const schemas = await outputSchemas();
  assert.equal(listed.length, schemas.size);
  for (const tool of listed) {
    assert.deepEqual(tool.outputSchema, schemas.get(tool.name), tool.name);
    assert.equal(tool.outputSchema.type, 'object', tool.name);
  }
  // content_publish answers one of two shapes: the root says object, and anyOf names both.
  assert.equal(schemas.get('content_publish')!.anyOf && (schemas.get('content_publish')!.anyOf as unknown[]).length, 2);
});

test('the check finds a wrong type, a missing field, an unknown field and a value outside an enum', async () => {
  const schema = (await outputSchemas()).get('site_info')!;
  const good = await callTool(site, http.url, site.tokens.editor!, 'site_info');
  assert.deepEqual(schemaProblems(schema, good.structuredContent), []);
  const { timezone: _left, ...missing } = good.structuredContent;
  assert.deepEqual(schemaProblems(schema, missing), ['$: timezone is required']);
  assert.deepEqual(schemaProblems(schema, { ...good.structuredContent, title: 5 }), ['$.title: expected string, got integer']);
  assert.deepEqual(schemaProblems(schema, { ...good.structuredContent, extra: true }), ['$.extra: nothing is allowed here']);
  const row = (await outputSchemas()).get('content_list')!;
  const list = await callTool(site, http.url, site.tokens.editor!, 'content_list', { limit: 1 });
  const entry = { ...list.structuredContent.entries[0], status: 'deleted' };
  // A row is whole, or has only the keys named in `fields`: the wrong status is found in either shape.
  assert.match(schemaProblems(row, { count: 1, entries: [entry] })[0]!, /^\$\.entries\[0\]: matches none of anyOf \(\$\.entries\[0\]\.status: "deleted" is not one of/);
  assert.throws(() => schemaProblems({ type: 'object', unevaluatedProperties: false }, {}), /does not know the keyword unevaluatedProperties/);
});

test('a tool error carries no structuredContent, and one that did would fail the check', async () => {
  const refused = await callTool(site, http.url, site.tokens.statsOnly!, 'content_list', {});
  assert.equal(refused.isError, true);
  assert.equal(refused.structuredContent, undefined);
  await assert.rejects(assertAnswerConforms('content_list', { isError: true, structuredContent: { count: 0, entries: [] } }), /carries no structuredContent/);
});
