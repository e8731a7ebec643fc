// Password hashes (src/auth/password.ts): scrypt with N=2^15 unless SVC_SCRYPT_N says otherwise for the hashes
// made from then on; a hash is always checked with the N stored in it. `make test` sets SVC_SCRYPT_N=1024 for
// the whole suite, so the default is asked for here with the setting taken away.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, verifyPassword } from '../../dist/auth/password.js';
import { DEFAULT_SCRYPT_N, scryptCostSetting } from '../../dist/lib/scrypt-cost.js';

const suiteSetting = process.env.SVC_SCRYPT_N;
afterEach(() => {
  if (suiteSetting === undefined) delete process.env.SVC_SCRYPT_N;
  else process.env.SVC_SCRYPT_N = suiteSetting;
});

test('without SVC_SCRYPT_N a hash is scrypt with N=2^15, r=8, p=1, and checks only its password', async () => {
  delete process.env.SVC_SCRYPT_N;
  const hash = await hashPassword('correct horse battery');
  assert.match(hash, /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
  assert.equal(DEFAULT_SCRYPT_N, 32768);
  assert.equal(await verifyPassword('correct horse battery', hash), true);
  assert.equal(await verifyPassword('correct horse batterY', hash), false);
});

test('SVC_SCRYPT_N sets N for new hashes; each hash is checked with its own N, whatever the setting then', async () => {
  process.env.SVC_SCRYPT_N = '2048';
  const cheaper = await hashPassword('correct horse battery');
  assert.match(cheaper, /^scrypt\$2048\$8\$1\$/);
  process.env.SVC_SCRYPT_N = '1024';
  const cheapest = await hashPassword('correct horse battery');
  assert.match(cheapest, /^scrypt\$1024\$8\$1\$/);
  process.env.SVC_SCRYPT_N = '4096';
  assert.equal(await verifyPassword('correct horse battery', cheaper), true);
  assert.equal(await verifyPassword('correct horse battery', cheapest), true);
  assert.equal(await verifyPassword('wrong horse battery', cheaper), false);
  // The same password and salt under another N is another key: N is part of what is checked.
  const [, , r, p, salt, key] = cheaper.split('$');
  assert.equal(await verifyPassword('correct horse battery', ['scrypt', '1024', r, p, salt, key].join('$')), false);
});

test('SVC_SCRYPT_N takes a power of two from 2^10 to 2^20 and nothing else', () => {
  for (const given of ['1024', '32768', '1048576']) assert.deepEqual(scryptCostSetting({ SVC_SCRYPT_N: given }), { n: Number(given) });
  assert.deepEqual(scryptCostSetting({}), { n: 32768 });
  assert.deepEqual(scryptCostSetting({ SVC_SCRYPT_N: '' }), { n: 32768 });
  for (const given of ['512', '1000', '3072', '2097152', '1e4', '01024', ' 1024', '1024.0', 'off', '-1024']) {
    assert.ok('problem' in scryptCostSetting({ SVC_SCRYPT_N: given }), given);
  }
});
