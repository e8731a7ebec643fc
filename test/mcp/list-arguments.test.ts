// content_list recognizes its common arguments by hand, so its module and its first call load no zod
// (content-list.ts); the schema (content-list-input.ts) stays the judge of everything else. The hand check
// must never take what the schema refuses, nor give back other values than the schema's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptsListArguments } from '../../src/mcp/tools/content-list.js';
import { contentListInput } from '../../src/mcp/tools/content-list-input.js';
import { contentListTool } from '../../src/mcp/tools/content-list.js';
import { seededRandom } from '../../src/cli/demo-traffic/seed-random.js';

const NAMES = ['type', 'status', 'tag', 'category', 'search', 'language', 'limit', 'page', 'Type', '__proto__', 'constructor', ''];
const VALUES: unknown[] = [
  'post', 'page', '', 'a', 'x'.repeat(20), 'x'.repeat(21), 'x'.repeat(40), 'x'.repeat(41), 'x'.repeat(100), 'x'.repeat(101),
  'x'.repeat(200), 'x'.repeat(201), '\u{1F600}'.repeat(20), 'any', 'published', 'draft', 'scheduled', 'Published', 'deleted',
  0, 1, 2, 20, 99, 100, 101, -1, 1.5, 100.0000001, Number.NaN, Number.POSITIVE_INFINITY, -0, '20', true, false, null, [], ['post'], {}, { a: 1 },
];

function randomArguments(random: () => number): unknown {
  const roll = random();
  if (roll < 0.03) return VALUES[Math.floor(random() * VALUES.length)];
  if (roll < 0.05) return Object.create(null);
  const args: Record<string, unknown> = {};
  const count = Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const name = NAMES[Math.floor(random() * NAMES.length)]!;
    Object.defineProperty(args, name, { value: VALUES[Math.floor(random() * VALUES.length)], enumerable: true, configurable: true, writable: true });
  }
  return args;
}

test('the hand check of content_list takes only what the schema takes, and gives back what the schema gives', () => {
  const random = seededRandom(20261124);
  let accepted = 0, refused = 0;
  for (let i = 0; i < 20_000; i++) {
    const args = randomArguments(random);
    const quick = acceptsListArguments(args);
    const parsed = contentListInput.safeParse(args);
    if (quick === undefined) { if (!parsed.success) refused++; continue; }
    accepted++;
    assert.ok(parsed.success, `the hand check took ${JSON.stringify(args)}, which the schema refuses`);
    assert.deepEqual(quick, parsed.data);
  }
  // Both sides were tried often.
  assert.ok(accepted > 1_000 && refused > 1_000, `${accepted} taken, ${refused} refused`);
});

test('the common calls are taken by hand: none, a type, every argument within its limits', () => {
  assert.deepEqual(acceptsListArguments({}), {});
  assert.deepEqual(acceptsListArguments({ type: 'post' }), { type: 'post' });
  const every = { type: 'post', status: 'published', tag: 'travel', category: 'journal', search: 'alps', language: 'de', limit: 100 };
  assert.deepEqual(acceptsListArguments(every), every);
  // A symbol key is left to the schema (it ignores it; the hand check does not judge what it cannot see).
  assert.equal(acceptsListArguments({ type: 'post', [Symbol('x')]: 1 }), undefined);
});

test('wrong arguments still get the schema\'s sentence, and the input schema is the schema\'s', async () => {
  assert.deepEqual(await contentListTool.parse({ limit: 0 }), { ok: false, message: 'limit: Too small: expected number to be >=1' });
  assert.deepEqual(await contentListTool.parse({ kind: 'post' }), { ok: false, message: 'unknown argument kind' });
  assert.deepEqual(await contentListTool.parse({ limit: 5 }), { ok: true, value: { limit: 5 } });
  const { $schema: _drop, ...schema } = contentListInput.toJSONSchema({ io: 'input' }) as Record<string, unknown>;
  assert.deepEqual(await contentListTool.inputSchema(), schema);
});
