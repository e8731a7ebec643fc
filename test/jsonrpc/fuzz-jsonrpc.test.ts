// Fuzz, seeded and bounded: random JSON-RPC messages (and things that only look like them) posted to the real
// MCP endpoint. Never a 5xx or a crash: every answer is valid JSON-RPC, an empty 202, or an exact HTTP error
// with a JSON body. A failing case prints its seed so it can be replayed (FUZZ_SEED=<seed>).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { post, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list', 'prompts/list',
  'prompts/get', 'completion/complete', 'logging/setLevel', 'notifications/initialized', 'notifications/cancelled', 'server/discover', 'rpc.x', '', 'tools/'];
const TOOLS = ['site_info', 'content_list', 'content_read', 'content_cards', 'stats_overview', 'stats_query', 'media_upload', 'nope'];
const KEYS = ['jsonrpc', 'id', 'method', 'params', 'result', 'error', 'name', 'arguments', 'uri', 'cursor', 'protocolVersion', 'level', '_meta', '__proto__', 'constructor'];

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
before(async () => {
  ({ site, http } = served = await serveTestSite({ mcp: { requestsPerMinute: 1_000_000_000 } }));
});
after(() => served.close());

function randomValue(random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  switch (Math.floor(random() * (depth > 3 ? 6 : 8))) {
    case 0: return null;
    case 1: return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, 7]);
    case 2: return pick(['', 'x', '2025-06-18', '2026-07-28', 'posts/hello', 'svc://site', '\u0000', '\ud800', 'é'.repeat(50), pick(METHODS), pick(TOOLS)]);
    case 3: return random() < 0.5;
    case 4: return pick(TOOLS);
    case 5: return pick(METHODS);
    case 6: return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let n = Math.floor(random() * 5); n > 0; n--) object[pick(KEYS)] = randomValue(random, depth + 1);
      return object;
    }
  }
}

/** A message that is mostly well formed, so that it reaches the methods, with random parts. */
function randomMessage(random: () => number): unknown {
  const method = METHODS[Math.floor(random() * METHODS.length)]!;
  const message: Record<string, unknown> = { jsonrpc: random() < 0.9 ? '2.0' : randomValue(random, 3), method };
  if (random() < 0.85) message.id = random() < 0.8 ? Math.floor(random() * 1000) : randomValue(random, 3);
  if (random() < 0.8) {
    const roll = random();
    message.params = method === 'tools/call' && roll < 0.7
      ? { name: TOOLS[Math.floor(random() * TOOLS.length)], arguments: random() < 0.5 ? {} : randomValue(random, 1) }
      : roll < 0.75 ? {} : randomValue(random, 1);
  }
  return message;
}

function body(random: () => number): string {
  const roll = random();
  if (roll < 0.05) return '{"jsonrpc":"2.0","id":1,"method":"ping"'.slice(0, Math.floor(random() * 40));
  if (roll < 0.1) return JSON.stringify(randomValue(random, 0));
  if (roll < 0.15) return JSON.stringify(Array.from({ length: Math.floor(random() * 3) }, () => randomMessage(random)));
  return JSON.stringify(randomMessage(random));
}

function checkAnswer(status: number, text: string, json: any): string | null {
  if (status >= 500) return `status ${status}`;
  if (status === 202) return text === '' ? null : 'a 202 with a body';
  if (json === undefined) return `a ${status} whose body is not JSON: ${text.slice(0, 100)}`;
  const rpcAnswer = status === 200 || (typeof json === 'object' && json !== null && Object.hasOwn(json, 'jsonrpc'));
  if (!rpcAnswer) return typeof json === 'object' && json !== null ? null : `a ${status} whose body is no object`;
  for (const message of Array.isArray(json) ? json : [json]) {
    if (message?.jsonrpc !== '2.0') return 'an answer without jsonrpc 2.0';
    const hasResult = Object.hasOwn(message, 'result');
    const hasError = Object.hasOwn(message, 'error');
    if (hasResult === hasError) return 'an answer with both or neither of result and error';
    if (hasError && (!Number.isInteger(message.error.code) || typeof message.error.message !== 'string')) return 'an error without an integer code and a message';
  }
  return null;
}

test('random JSON-RPC messages to the MCP endpoint: never a 5xx, always valid JSON-RPC or an exact HTTP error (seeded)', async () => {
  const first = Number(process.env.FUZZ_SEED ?? 1);
  const seeds = process.env.FUZZ_SEED ? [first] : Array.from({ length: 1500 }, (_, k) => first + k);
  const seen = { results: 0, errors: 0, http: 0 };
  for (const seed of seeds) {
    const random = seededRandom(seed);
    const text = body(random);
    const answer = await post(http.url, text, site.tokens.admin!, random() < 0.1 ? { 'mcp-protocol-version': '2025-03-26' } : {});
    const problem = checkAnswer(answer.status, answer.text, answer.json);
    assert.equal(problem, null, `seed ${seed}: ${problem} for ${text.slice(0, 300)}`);
    const kept = JSON.stringify(answer.json ?? null);
    if (kept.includes('"result"')) seen.results++;
    else if (kept.includes('"jsonrpc"')) seen.errors++;
    else seen.http++;
  }
  // The messages reached the methods: many were answered, many refused, some stopped at HTTP.
  if (!process.env.FUZZ_SEED) assert.ok(seen.results > 200 && seen.errors > 200 && seen.http > 20, JSON.stringify(seen));
});
