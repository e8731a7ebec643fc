// The SHA-256 that names token files without loading node:crypto (lib/sha256.ts): the same digest as
// node:crypto for the published test vectors, for every length around the block and padding edges, and for
// text that is not ASCII (it hashes the UTF-8 bytes, as crypto.hash does with a string).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hash, randomBytes } from 'node:crypto';
import { sha256Hex } from '../src/lib/sha256.js';

test('the FIPS 180-4 examples give their published digests', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
});

test('every length from 0 to 300 bytes (one, two and more blocks, each padding edge) matches node:crypto', () => {
  for (let length = 0; length <= 300; length++) {
    const text = randomBytes(length).toString('base64').slice(0, length);
    assert.equal(sha256Hex(text), hash('sha256', text, 'hex'), `length ${length}`);
  }
});

test('text beyond ASCII is hashed as its UTF-8 bytes, as node:crypto hashes a string', () => {
  for (const text of ['ü', 'Grüß Gott €', '😀'.repeat(40), 'svc_' + 'ä'.repeat(40), '\u0000\u007f\u0080\u07ff\u0800\uffff']) {
    assert.equal(sha256Hex(text), hash('sha256', text, 'hex'), JSON.stringify(text));
  }
});

test('a token\'s file name is the SHA-256 hex of its text, as the files already on disk were named', async () => {
  const { hashToken } = await import('../src/auth/token-store.js');
  const token = 'svc_' + randomBytes(30).toString('base64url').replace(/[-_]/g, 'x').slice(0, 40);
  assert.equal(hashToken(token), hash('sha256', token, 'hex'));
});
