// stringifyMessage must write exactly what JSON.stringify writes, splicing in known result texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorResponse, successResponse } from '../../dist/jsonrpc/messages.js';
import { encodeMessage, jsonTextOf, stringifyMessage, withJsonText } from '../../dist/jsonrpc/serialize.js';

const known = () => {
  const value = { content: [{ type: 'text', text: 'say "hi"\n\u2028' }], n: 1 };
  return withJsonText(value, JSON.stringify(value));
};

test('messages without known results are written by JSON.stringify', () => {
  for (const message of [
    successResponse(1, { a: [1, 'two', null] }),
    successResponse('x"y', {}),
    errorResponse(null, -32700, 'The message is not valid JSON.'),
    errorResponse(3, -32002, 'Resource not found.', { uri: 'svc://x' }),
    [successResponse(1, {}), errorResponse(2, -32601, 'Method not found: x.')],
    { anything: 'else' },
  ]) {
    assert.equal(stringifyMessage(message), JSON.stringify(message));
  }
});

test('a known result is spliced in, byte for byte what JSON.stringify writes', () => {
  for (const id of [7, 'id "quoted" \\ and \u00e9', 0, -3]) {
    const message = successResponse(id, known());
    assert.equal(stringifyMessage(message), JSON.stringify(message));
  }
  const batch = [successResponse(1, known()), errorResponse(2, -32601, 'Method not found: x.'), successResponse('b', { plain: true })];
  assert.equal(stringifyMessage(batch), JSON.stringify(batch));
});

test('the spliced text is the recorded one: a mismatch would show, so the value is frozen', () => {
  const value = withJsonText({ a: 1 }, '{"a":2}');
  assert.equal(stringifyMessage(successResponse(1, value)), '{"jsonrpc":"2.0","id":1,"result":{"a":2}}');
  assert.equal(Object.isFrozen(value), true);
  assert.throws(() => { (value as { a: number }).a = 3; }, TypeError);
  assert.equal(jsonTextOf(value), '{"a":2}');
  assert.equal(jsonTextOf({ a: 1 }), undefined);
  assert.equal(jsonTextOf('text'), undefined);
  assert.equal(jsonTextOf(null), undefined);
});

test('a response of another shape is written by JSON.stringify even when its result is known', () => {
  const value = withJsonText({ a: 1 }, '{"a":"not this"}');
  const extraKey = { jsonrpc: '2.0', id: 1, result: value, extra: true };
  assert.equal(stringifyMessage(extraKey), JSON.stringify(extraKey));
  const reordered = { id: 1, jsonrpc: '2.0', result: value };
  assert.equal(stringifyMessage(reordered), JSON.stringify(reordered));
  const nullId = { jsonrpc: '2.0', id: null, result: value };
  assert.equal(stringifyMessage(nullId), JSON.stringify(nullId));
  const otherVersion = { jsonrpc: '1.0', id: 1, result: value };
  assert.equal(stringifyMessage(otherVersion), JSON.stringify(otherVersion));
});

test('encodeMessage gives the bytes of the same text with their true UTF-8 length, kept result or not, asked twice or once', () => {
  const wide = withJsonText({ text: 'Grüße – 👋' }, JSON.stringify({ text: 'Grüße – 👋' }));
  for (const message of [
    successResponse(7, known()),
    successResponse('id ümlaut', wide),
    successResponse('id ümlaut', wide),
    successResponse(1, { plain: 'ä' }),
    errorResponse(null, -32600, 'Ünknown'),
    [successResponse(1, wide), successResponse(2, { x: 1 })],
  ]) {
    const { head, bytes, body } = encodeMessage(message);
    const sent = Buffer.concat([Buffer.from(head, 'utf8'), body]);
    assert.equal(sent.toString('utf8'), JSON.stringify(message));
    assert.equal(bytes, sent.length);
  }
});

test('a kept result is encoded once: every reply sends the same bytes after its own envelope', () => {
  const value = known();
  const first = encodeMessage(successResponse(1, value));
  const second = encodeMessage(successResponse('two', value));
  assert.equal(first.body, second.body);
  assert.equal(first.head, '{"jsonrpc":"2.0","id":1,"result":');
  assert.equal(second.head, '{"jsonrpc":"2.0","id":"two","result":');
  assert.equal(encodeMessage(successResponse(1, { plain: true })).head, '');
});
