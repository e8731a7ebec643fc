// content_list's arguments are judged by its zod schema (content-list-input.ts): a wrong one gets the
// schema's sentence, a right one its value, and tools/list shows the schema's input JSON Schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentListInput } from '../../dist/mcp/tools/content-list-input.js';
import { contentListTool } from '../../dist/mcp/tools/content-list.js';

test('wrong arguments still get the schema\'s sentence, and the input schema is the schema\'s', async () => {
  assert.deepEqual(await contentListTool.parse({ limit: 0 }), { ok: false, message: 'limit: Too small: expected number to be >=1' });
  assert.deepEqual(await contentListTool.parse({ kind: 'post' }), { ok: false, message: 'unknown argument kind' });
  assert.deepEqual(await contentListTool.parse({ limit: 5 }), { ok: true, value: { limit: 5 } });
  const { $schema: _drop, ...schema } = contentListInput.toJSONSchema({ io: 'input' }) as Record<string, unknown>;
  assert.deepEqual(await contentListTool.inputSchema(), schema);
});
