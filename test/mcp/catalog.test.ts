import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog, lazy } from '../../dist/mcp/catalog.js';
import { loadRegistry, defaultRegistry } from '../../dist/wiring/mcp-registry.js';

test('loads only the items asked for, once each', async () => {
  const loads: string[] = [];
  const item = (name: string) => lazy(name, async () => { loads.push(name); return { name }; });
  const catalog = new Catalog([item('a'), item('b'), { name: 'c' }], (entry) => entry.name);
  assert.deepEqual(catalog.keys(), ['a', 'b', 'c']);
  assert.deepEqual(await catalog.get('b'), { name: 'b' });
  assert.deepEqual(await catalog.get('b'), { name: 'b' });
  assert.equal(await catalog.get('nope'), undefined);
  assert.deepEqual(loads, ['b']);
  assert.deepEqual((await catalog.all()).map((entry) => entry.name), ['a', 'b', 'c']);
  assert.deepEqual(loads, ['b', 'a']);
});

test('refuses a registry line whose module holds another item', async () => {
  const catalog = new Catalog([lazy('site_info', async () => ({ name: 'content_list' }))], (entry) => entry.name);
  await assert.rejects(catalog.get('site_info'), { message: 'registry line site_info loaded content_list' });
});

test('every line of the installation\'s registry loads the item it names', async () => {
  const loaded = await loadRegistry();
  // A line is lazy (its key and how to load it) or, for site_info, the tool itself.
  assert.deepEqual(loaded.tools.map((tool) => tool.name), defaultRegistry().tools.map((line) => ('key' in line ? line.key : line.name)));
  assert.deepEqual(loaded.resources.map((resource) => resource.uri), defaultRegistry().resources.map((line) => (line as { key: string }).key));
  assert.deepEqual(loaded.prompts.map((prompt) => prompt.name), defaultRegistry().prompts.map((line) => (line as { key: string }).key));
});
