import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMessageText, exceedsDepth } from '../../dist/jsonrpc/parse.js';

const limits = { maxBytes: 1000, maxDepth: 4 };

test('parses a well-formed message', () => {
  assert.deepEqual(parseMessageText('{"jsonrpc":"2.0","id":1,"method":"ping"}', limits), { ok: true, value: { jsonrpc: '2.0', id: 1, method: 'ping' } });
});

test('answers unparseable text with -32700 and a null id', () => {
  assert.deepEqual(parseMessageText('{"jsonrpc": "2.0", "id": 1,', limits), {
    ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid JSON.' } },
  });
  assert.deepEqual(parseMessageText('', limits), {
    ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid JSON.' } },
  });
});

test('refuses a message over the size limit before parsing it', () => {
  assert.deepEqual(parseMessageText(JSON.stringify({ a: 'x'.repeat(1000) }), limits), {
    ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is larger than 1000 bytes.' } },
  });
});

test('counts bytes, not characters, against the size limit', () => {
  assert.equal(parseMessageText(JSON.stringify({ a: 'é'.repeat(499) }), limits).ok, false);
  assert.equal(parseMessageText(JSON.stringify({ a: 'e'.repeat(499) }), limits).ok, true);
});

test('refuses nesting deeper than the limit', () => {
  assert.deepEqual(parseMessageText('{"a":[[[[1]]]]}', limits), {
    ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is nested deeper than 4 levels.' } },
  });
  assert.equal(parseMessageText('{"a":[[[1]]]}', limits).ok, true);
});

test('ignores brackets and escaped quotes inside strings when measuring depth', () => {
  assert.equal(exceedsDepth('{"a":"[[[[[[\\"[[[[[{{{{"}', 2), false);
  assert.equal(exceedsDepth('{"a":"\\\\"}', 1), false);
  assert.equal(exceedsDepth('{"a":"\\\\",' + '"b":[[[1]]]}', 3), true);
});

test('refuses a million-deep message quickly', () => {
  const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
  const out = parseMessageText(deep, { maxBytes: 5_000_000, maxDepth: 64 });
  assert.deepEqual(out, { ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is nested deeper than 64 levels.' } } });
});
