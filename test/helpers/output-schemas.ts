// Every tool answer a test receives is checked against the tool's declared outputSchema (the one tools/list
// sends), so each existing tool test also proves that the answers conform. Tools a test declares itself are
// left alone.
import assert from 'node:assert/strict';
import { loadRegistry } from '../../dist/wiring/mcp-registry.js';
import { schemaProblems } from './json-schema.ts';

let declared: Promise<Map<string, Record<string, unknown>>> | undefined;

/** The installation's tools' output schemas by name. */
export function outputSchemas(): Promise<Map<string, Record<string, unknown>>> {
  declared ??= loadRegistry().then(async ({ tools, answerShapes }) => new Map(await Promise.all(tools.map(async (tool) => [tool.name, await tool.outputSchema(answerShapes)] as const))));
  return declared;
}

/** A tool error carries no structuredContent; any other answer conforms to the tool's outputSchema. */
export async function assertAnswerConforms(name: string, result: { isError?: boolean; structuredContent?: unknown }): Promise<void> {
  const schema = (await outputSchemas()).get(name);
  if (!schema) return;
  if (result.isError) {
    assert.equal(result.structuredContent, undefined, `${name}: an error result carries no structuredContent`);
    return;
  }
  assert.deepEqual(schemaProblems(schema, result.structuredContent), [], `${name}: the answer does not conform to its outputSchema`);
}
