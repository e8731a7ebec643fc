import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { sha256Hex } from '../src/lib/sha256.js';
import { seededRandom } from '../src/cli/demo-traffic/seed-random.js';

// The plain-JavaScript SHA-256 that names token files must give exactly node:crypto's digest: a wrong digest
// would make every existing token unknown.

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('the FIPS 180-4 examples', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
});

test('every length around the block and padding edges, and non-ASCII text, as node:crypto', () => {
  for (let length = 0; length <= 200; length++) {
    const text = 'x'.repeat(length);
    assert.equal(sha256Hex(text), nodeSha256(text), `length ${length}`);
  }
  for (const text of ['ä', 'こんにちは', '😀 emoji', 'a\u0000b', '\ud800 lone surrogate', 'é'.repeat(40)]) {
    assert.equal(sha256Hex(text), nodeSha256(text), JSON.stringify(text));
  }
});

test('token-shaped and seeded random texts, as node:crypto', () => {
  const random = seededRandom(16);
  for (let i = 0; i < 500; i++) {
    const token = 'svc_' + randomBytes(30).toString('base64url').replace(/[-_]/g, 'A').slice(0, 40);
    assert.equal(sha256Hex(token), nodeSha256(token));
    const length = Math.floor(random() * 300);
    let text = '';
    for (let j = 0; j < length; j++) text += String.fromCodePoint(Math.floor(random() * 0x2000));
    assert.equal(sha256Hex(text), nodeSha256(text));
  }
  const long = 'svc '.repeat(100_000);
  assert.equal(sha256Hex(long), nodeSha256(long));
});
