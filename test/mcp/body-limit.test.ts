// A body's limit is one number of the content domain (field-rules.ts): content_create's and content_update's
// schemas offer it to assistants, and the panel's edit form refuses past it, so what an assistant may write
// a person may save, and no more, whichever way the text comes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadRegistry } from '../../dist/wiring/mcp-registry.js';
import { MAX_BODY_LENGTH } from '../../dist/content/write/field-rules.js';
import { refuseLongBody } from '../../dist/panel/entries/entries-form.js';

test('content_create and content_update take a body of at most the content domain\'s limit', async () => {
  const tools = (await loadRegistry()).tools.filter((tool) => tool.name === 'content_create' || tool.name === 'content_update');
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ['content_create', 'content_update']);
  for (const tool of tools) {
    const properties = ((await tool.inputSchema()).properties ?? {}) as Record<string, { maxLength?: number }>;
    assert.equal(properties.body?.maxLength, MAX_BODY_LENGTH, tool.name);
  }
});

test('the panel\'s edit form takes a body of the same limit and refuses one character more', () => {
  assert.doesNotThrow(() => refuseLongBody('x'.repeat(MAX_BODY_LENGTH)));
  assert.throws(() => refuseLongBody('x'.repeat(MAX_BODY_LENGTH + 1)), new RegExp(`longer than ${MAX_BODY_LENGTH} characters`));
});
