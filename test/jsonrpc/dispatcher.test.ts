import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dispatcher } from '../../dist/jsonrpc/dispatcher.js';
import { RpcError } from '../../dist/jsonrpc/messages.js';
import { AppError } from '../../dist/errors.js';

function makeDispatcher() {
  const logged: string[] = [];
  const seen: string[] = [];
  const dispatcher = new Dispatcher<{ who: string }>({ log: (line) => logged.push(line), maxBatch: 3 })
    .method('echo', (params, ctx) => ({ params, who: ctx.who }))
    .method('refuse', () => { throw new RpcError(-32002, 'Resource not found.', { uri: 'x://y' }); })
    .method('bad', () => { throw new AppError('invalid_params', 'The limit must be at most 100.'); })
    .method('boom', () => { throw new Error('secret path /etc/passwd'); })
    .method('slow', async () => { await new Promise((r) => setTimeout(r, 5)); return 'done'; })
    .notification('note', (params) => { seen.push(JSON.stringify(params)); })
    .notification('note-boom', () => { throw new Error('notification exploded'); });
  return { dispatcher, logged, seen };
}

const single = { allowBatch: false, batchRefusal: 'Batches are not accepted in protocol revision 2025-06-18.' };
const batch = { allowBatch: true };

test('answers a request with its result and id', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 7, method: 'echo', params: { a: 1 } }, { who: 'ann' }, single);
  assert.deepEqual(out, { reply: { jsonrpc: '2.0', id: 7, result: { params: { a: 1 }, who: 'ann' } }, invalid: false });
});

test('keeps string ids and gives handlers empty params when none are sent', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 'abc', method: 'echo' }, { who: 'bo' }, single);
  assert.deepEqual(out.reply, { jsonrpc: '2.0', id: 'abc', result: { params: {}, who: 'bo' } });
});

test('answers an unknown method with -32601', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 1, method: 'nope' }, { who: 'a' }, single);
  assert.deepEqual(out, { reply: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: nope.' } }, invalid: false });
});

test('never answers a notification, known or unknown, even when its handler throws', async () => {
  const { dispatcher, seen, logged } = makeDispatcher();
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'note', params: { x: 1 } }, { who: 'a' }, single), { reply: null, invalid: false });
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'unknown/thing' }, { who: 'a' }, single), { reply: null, invalid: false });
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'note-boom' }, { who: 'a' }, single), { reply: null, invalid: false });
  assert.deepEqual(seen, ['{"x":1}']);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /notification note-boom failed/);
});

test('ignores responses sent by the peer', async () => {
  const { dispatcher } = makeDispatcher();
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', id: 3, result: {} }, { who: 'a' }, single), { reply: null, invalid: false });
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', id: 4, error: { code: 1, message: 'x' } }, { who: 'a' }, single), { reply: null, invalid: false });
});

test('passes an RpcError through with its code and data', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 2, method: 'refuse' }, { who: 'a' }, single);
  assert.deepEqual(out.reply, { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'Resource not found.', data: { uri: 'x://y' } } });
});

test('turns an invalid_params AppError into -32602 with its safe sentence', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 2, method: 'bad' }, { who: 'a' }, single);
  assert.deepEqual(out.reply, { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'The limit must be at most 100.' } });
});

test('hides unexpected errors as "Internal error." and logs them', async () => {
  const { dispatcher, logged } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 9, method: 'boom' }, { who: 'a' }, single);
  assert.deepEqual(out.reply, { jsonrpc: '2.0', id: 9, error: { code: -32603, message: 'Internal error.' } });
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /boom failed: Error: secret path/);
});

const invalidCases: Array<[string, unknown, unknown]> = [
  ['a string', 'hello', { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A JSON-RPC message must be a JSON object.' } }],
  ['null', null, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A JSON-RPC message must be a JSON object.' } }],
  ['a number', 42, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A JSON-RPC message must be a JSON object.' } }],
  ['a missing jsonrpc member', { id: 1, method: 'echo' }, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'The message must have "jsonrpc": "2.0".' } }],
  ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'echo' }, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'The message must have "jsonrpc": "2.0".' } }],
  ['a null id', { jsonrpc: '2.0', id: null, method: 'echo' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer, never null.' } }],
  ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'echo' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer.' } }],
  ['an object id', { jsonrpc: '2.0', id: {}, method: 'echo' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer.' } }],
  ['a boolean id', { jsonrpc: '2.0', id: true, method: 'echo' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer.' } }],
  ['no method', { jsonrpc: '2.0', id: 5 }, { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'The message has no "method".' } }],
  ['a numeric method', { jsonrpc: '2.0', id: 5, method: 12 }, { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'The "method" must be a non-empty string.' } }],
  ['an empty method', { jsonrpc: '2.0', id: 5, method: '' }, { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'The "method" must be a non-empty string.' } }],
  ['string params', { jsonrpc: '2.0', id: 5, method: 'echo', params: 'x' }, { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'The "params" must be an object.' } }],
  ['null params', { jsonrpc: '2.0', id: 5, method: 'echo', params: null }, { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'The "params" must be an object.' } }],
];

for (const [name, message, expected] of invalidCases) {
  test(`refuses ${name} with a whole error message and marks the payload invalid`, async () => {
    const { dispatcher } = makeDispatcher();
    assert.deepEqual(await dispatcher.dispatch(message, { who: 'a' }, single), { reply: expected, invalid: true });
  });
}

test('refuses array params with -32602, which is not a transport-level failure', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch({ jsonrpc: '2.0', id: 5, method: 'echo', params: [1, 2] }, { who: 'a' }, single);
  assert.deepEqual(out, { reply: { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'The params must be an object, not an array.' } }, invalid: false });
});

test('a notification with array params is neither handled nor answered, alone or in a batch (JSON-RPC 2.0 §4.1)', async () => {
  const { dispatcher, seen } = makeDispatcher();
  assert.deepEqual(await dispatcher.dispatch({ jsonrpc: '2.0', method: 'note', params: [1, 2] }, { who: 'a' }, single), { reply: null, invalid: false });
  const out = await dispatcher.dispatch([{ jsonrpc: '2.0', method: 'note', params: [] }, { jsonrpc: '2.0', method: 'note', params: [3] }], { who: 'a' }, batch);
  assert.deepEqual(out, { reply: null, invalid: false });
  assert.deepEqual(seen, []);
});

test('refuses a batch where batches are not allowed, naming why', async () => {
  const { dispatcher } = makeDispatcher();
  const out = await dispatcher.dispatch([{ jsonrpc: '2.0', id: 1, method: 'echo' }], { who: 'a' }, single);
  assert.deepEqual(out, { reply: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batches are not accepted in protocol revision 2025-06-18.' } }, invalid: true });
});

test('answers a batch in order, leaving out notifications and answering bad members one by one', async () => {
  const { dispatcher, seen } = makeDispatcher();
  const out = await dispatcher.dispatch([
    { jsonrpc: '2.0', id: 1, method: 'slow' },
    { jsonrpc: '2.0', method: 'note', params: { n: 2 } },
    { jsonrpc: '2.0', id: null, method: 'echo' },
  ], { who: 'a' }, batch);
  assert.deepEqual(out, {
    reply: [
      { jsonrpc: '2.0', id: 1, result: 'done' },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer, never null.' } },
    ],
    invalid: false,
  });
  assert.deepEqual(seen, ['{"n":2}']);
});

test('answers nothing for a batch of notifications only', async () => {
  const { dispatcher } = makeDispatcher();
  assert.deepEqual(await dispatcher.dispatch([{ jsonrpc: '2.0', method: 'note' }], { who: 'a' }, batch), { reply: null, invalid: false });
});

test('refuses an empty batch and an oversized batch', async () => {
  const { dispatcher } = makeDispatcher();
  assert.deepEqual(await dispatcher.dispatch([], { who: 'a' }, batch), {
    reply: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A batch must hold at least one message.' } }, invalid: true,
  });
  const four = Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'echo' }));
  assert.deepEqual(await dispatcher.dispatch(four, { who: 'a' }, batch), {
    reply: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A batch may hold at most 3 messages.' } }, invalid: true,
  });
});
