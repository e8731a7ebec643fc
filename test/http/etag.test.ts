// The one If-None-Match evaluation the Content API, the website, media and the beacon share (RFC 9110
// §13.1.2): weak comparison over a list of entity tags, `*`, and malformed fields ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchesIfNoneMatch, strongEtag } from '../../dist/http/etag.js';

const TAG = '"abc123"';

test('a strong ETag is a quoted tag of the exact bytes, the same for a string and its UTF-8 bytes', () => {
  assert.match(strongEtag('hello'), /^"[A-Za-z0-9_-]{32}"$/);
  assert.equal(strongEtag('hällo'), strongEtag(Buffer.from('hällo', 'utf8')));
  assert.notEqual(strongEtag('hello'), strongEtag('hello '));
});

test('If-None-Match matches the same tag, its weak form, a list naming it and *', () => {
  for (const field of ['"abc123"', 'W/"abc123"', '"other", "abc123"', '"other",W/"abc123"', ' , "x" ,, W/"abc123" , ', '*', ' * ']) {
    assert.equal(matchesIfNoneMatch(field, TAG), true, field);
  }
});

test('weak comparison also lets a strong field match a weak tag of ours', () => {
  assert.equal(matchesIfNoneMatch('"abc123"', 'W/"abc123"'), true);
});

test('If-None-Match does not match other tags, parts of the tag, or no field', () => {
  for (const field of [undefined, '', '"other"', 'W/"other"', '"abc12"', '"abc1234"', 'abc123', 'w/"abc123"', '"ABC123"']) {
    assert.equal(matchesIfNoneMatch(field, TAG), false, String(field));
  }
});

test('a malformed field is ignored as a whole, even when it also names the tag', () => {
  for (const field of ['"abc123" "x"', '"abc123", x', '"abc123", "unclosed', '"abc123", *', 'W/ "abc123"', '"abc123", "a b"']) {
    assert.equal(matchesIfNoneMatch(field, TAG), false, field);
  }
});
