import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, readFlags, ConfigError, flagErrorSentence } from '../dist/config.js';
import { repeatedOptionSentence } from '../dist/lib/repeated-option.js';
import { parseArgs } from 'node:util';

test('defaults: working directory, data below it, 127.0.0.1:8080', () => {
  const config = loadConfig([], { SVC_ROOT: '/srv/site' });
  assert.deepEqual(config, { root: '/srv/site', dataDir: '/srv/site/data', host: '127.0.0.1', port: 8080, baseUrl: 'http://127.0.0.1:8080', baseUrlGiven: false, trustProxy: false, rateLimits: true });
});

test('the idle keep-alive timeout (seconds) and the connection cap come from flags or the environment', () => {
  assert.equal(loadConfig(['--keep-alive-timeout=75', '--max-connections', '500'], { SVC_KEEP_ALIVE_TIMEOUT: '90' }).keepAliveTimeout, 75);
  assert.equal(loadConfig(['--max-connections', '500'], {}).maxConnections, 500);
  const fromEnv = loadConfig([], { SVC_KEEP_ALIVE_TIMEOUT: '90', SVC_MAX_CONNECTIONS: '2000' });
  assert.deepEqual([fromEnv.keepAliveTimeout, fromEnv.maxConnections], [90, 2000]);
});

test('flags win over the environment', () => {
  const config = loadConfig(['--root', 'site', '--port', '9000', '--base-url', 'https://example.org/', '--data', '/var/svc'], { SVC_ROOT: '/other', SVC_PORT: '1' });
  assert.equal(config.root, resolve('site'));
  assert.equal(config.port, 9000);
  assert.equal(config.baseUrl, 'https://example.org');
  assert.equal(config.dataDir, '/var/svc');
  assert.equal(config.baseUrlGiven, true);
  assert.equal(loadConfig([], { SVC_BASE_URL: 'https://example.org' }).baseUrlGiven, true);
});

for (const [argv, env, message] of [
  [['--port', 'abc'], { SVC_PORT: '8080' }, 'svc: --port must be a whole number from 0 to 65535.'],
  [['--port=70000'], {}, 'svc: --port must be a whole number from 0 to 65535.'],
  [['--base-url', 'ftp://example.org'], {}, 'svc: --base-url must start with http:// or https://.'],
  [['--host', 'bad host!'], {}, 'svc: --host must be a host name or address.'],
  [['--host=999.1.1.1'], {}, 'svc: --host must be a host name or address.'],
  [['--root='], {}, 'svc: --root must not be empty.'],
  [['--data', ''], {}, 'svc: --data must not be empty.'],
  [['--port', '80'], { SVC_HOST: 'bad host!' }, 'svc: the setting SVC_HOST must be a host name or address.'],
  [['--keep-alive-timeout=0'], {}, 'svc: --keep-alive-timeout must be a whole number of seconds from 1 to 3600.'],
  [['--keep-alive-timeout', '1.5'], {}, 'svc: --keep-alive-timeout must be a whole number of seconds from 1 to 3600.'],
  [['--max-connections=many'], {}, 'svc: --max-connections must be a whole number from 1 to 1000000.'],
] as const) {
  test(`a bad value from a flag is named as the flag: ${argv.join(' ')}`, () => {
    assert.throws(() => loadConfig([...argv], env), (error: unknown) => error instanceof ConfigError && error.message === message);
  });
}

for (const [env, message] of [
  [{ SVC_PORT: 'eighty' }, 'svc: the setting SVC_PORT must be a whole number from 0 to 65535.'],
  [{ SVC_PORT: '70000' }, 'svc: the setting SVC_PORT must be a whole number from 0 to 65535.'],
  [{ SVC_BASE_URL: 'ftp://example.org' }, 'svc: the setting SVC_BASE_URL must start with http:// or https://.'],
  [{ SVC_HOST: 'bad host!' }, 'svc: the setting SVC_HOST must be a host name or address.'],
  [{ SVC_HOST: '999.1.1.1' }, 'svc: the setting SVC_HOST must be a host name or address.'],
  [{ SVC_HOST: '1:2:3' }, 'svc: the setting SVC_HOST must be a host name or address.'],
  [{ SVC_RATE_LIMITS: 'maybe' }, 'svc: the setting SVC_RATE_LIMITS must be on or off.'],
  [{ SVC_ROOT: '' }, 'svc: the setting SVC_ROOT must not be empty.'],
  [{ SVC_DATA: '' }, 'svc: the setting SVC_DATA must not be empty.'],
  [{ SVC_HOST: '' }, 'svc: the setting SVC_HOST must not be empty.'],
  [{ SVC_BASE_URL: 'not a url' }, 'svc: the setting SVC_BASE_URL must be an absolute http(s) address.'],
  [{ SVC_TRUST_PROXY: 'yes' }, 'svc: the setting SVC_TRUST_PROXY must be 1 or 0.'],
  [{ SVC_KEEP_ALIVE_TIMEOUT: '3601' }, 'svc: the setting SVC_KEEP_ALIVE_TIMEOUT must be a whole number of seconds from 1 to 3600.'],
  [{ SVC_MAX_CONNECTIONS: '0' }, 'svc: the setting SVC_MAX_CONNECTIONS must be a whole number from 1 to 1000000.'],
  [{ SVC_SCRYPT_N: '1000' }, 'svc: the setting SVC_SCRYPT_N must be a power of two from 1024 to 1048576 (the default is 32768).'],
  [{ SVC_SCRYPT_N: '512' }, 'svc: the setting SVC_SCRYPT_N must be a power of two from 1024 to 1048576 (the default is 32768).'],
  [{ SVC_SCRYPT_N: '2097152' }, 'svc: the setting SVC_SCRYPT_N must be a power of two from 1024 to 1048576 (the default is 32768).'],
  [{ SVC_SCRYPT_N: '0x400' }, 'svc: the setting SVC_SCRYPT_N must be a power of two from 1024 to 1048576 (the default is 32768).'],
] as const) {
  test(`refuses ${JSON.stringify(env)} with one sentence`, () => {
    assert.throws(() => loadConfig([], env), (error: unknown) => error instanceof ConfigError && error.message === message);
  });
}

test('a base URL is read as the URL parser reads it: trimmed, tabs dropped, no trailing slash', () => {
  assert.equal(loadConfig([], { SVC_BASE_URL: ' https://exam\tple.org// ' }).baseUrl, 'https://example.org');
  assert.equal(loadConfig([], { SVC_HOST: '::1', SVC_PORT: '0' }).baseUrl, 'http://[::1]:0');
});

test('an unknown flag is refused with the options there are', () => {
  assert.throws(() => loadConfig(['--colour', 'red'], {}), (error: unknown) => error instanceof ConfigError
    && error.message === 'svc: --colour is not an option here; the options are --root, --data, --host, --port, --base-url, --trust-proxy, --keep-alive-timeout, --max-connections, --token.');
});

test('the server stops with exit code 2 and one sentence on a bad setting', () => {
  const result = spawnSync(process.execPath, ['dist/server.js', '--port', 'x'], { encoding: 'utf8', env: { ...process.env, SVC_ROOT: '/nonexistent' } });
  assert.equal(result.status, 2);
  assert.equal(result.stderr, 'svc: --port must be a whole number from 0 to 65535.\n');
  const fromEnv = spawnSync(process.execPath, ['dist/server.js'], { encoding: 'utf8', env: { ...process.env, SVC_ROOT: '/nonexistent', SVC_PORT: 'x' } });
  assert.equal(fromEnv.status, 2);
  assert.equal(fromEnv.stderr, 'svc: the setting SVC_PORT must be a whole number from 0 to 65535.\n');
});

test('a flag given twice is refused with one sentence, in every form, as the svc command line refuses it', () => {
  for (const [argv, name] of [
    [['--port', '1', '--port', '2'], 'port'],
    [['--port=1', '--port=2'], 'port'],
    [['--root', 'a', '--root=b'], 'root'],
    [['--root=a', '--root=a'], 'root'],
    [['--trust-proxy', '--trust-proxy'], 'trust-proxy'],
    [['--base-url=https://a.example', '--host=::1', '--base-url', 'https://b.example'], 'base-url'],
    [['--token=svc_a', '--token=svc_b'], 'token'],
  ] as const) {
    assert.throws(() => readFlags([...argv]), (error: unknown) => error instanceof ConfigError && error.message === `svc: --${name} is given more than once.`, argv.join(' '));
    assert.throws(() => loadConfig([...argv], {}), (error: unknown) => error instanceof ConfigError && error.message === `svc: --${name} is given more than once.`, argv.join(' '));
  }
});

test('both servers stop with exit code 2 and that sentence on a flag given twice, before anything else', () => {
  for (const [entry, argv, sentence] of [
    ['dist/server.js', ['--port', '1', '--port', '2'], 'svc: --port is given more than once.\n'],
    ['dist/server.js', ['--root=/a', '--root=/b'], 'svc: --root is given more than once.\n'],
    ['dist/stdio.js', ['--token=svc_a', '--token', 'svc_b'], 'svc: --token is given more than once.\n'],
    ['dist/stdio.js', ['--root', '/a', '--root', '/b', '--token=svc_a'], 'svc: --root is given more than once.\n'],
  ] as const) {
    const result = spawnSync(process.execPath, [entry, ...argv], { encoding: 'utf8', input: '', timeout: 30_000, env: { PATH: process.env.PATH, SVC_ROOT: '/nonexistent' } });
    assert.deepEqual([result.status, result.stderr, result.stdout], [2, sentence, ''], `${entry} ${argv.join(' ')}`);
  }
});

test('readFlags reads every argument list as util.parseArgs does, values and refusals alike', () => {
  const options = {
    root: { type: 'string' }, data: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' },
    'base-url': { type: 'string' }, 'trust-proxy': { type: 'boolean' }, 'keep-alive-timeout': { type: 'string' },
    'max-connections': { type: 'string' }, token: { type: 'string' },
  } as const;
  const pieces = ['--root=/a', '--root=', '--root', '/b', '--token=svc_x=y', '--trust-proxy', '--trust-proxy=1', '--port=80',
    '--base-url=https://example.org', '--ROOT=x', '--nope=1', '--nope', '-x', '-', '--', 'positional', '--=x', '--__proto__=x', '--data=d', '--keep-alive-timeout=70', '--max-connections'];
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const cases: string[][] = [[]];
  for (let n = 0; n < 3000; n++) cases.push(Array.from({ length: 1 + next(4) }, () => pieces[next(pieces.length)]!));
  for (const argv of cases) {
    // parseArgs keeps the last of a flag given twice; both readers refuse it, after parseArgs's own refusals.
    let expected: unknown;
    try {
      const parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true, tokens: true });
      const repeated = repeatedOptionSentence(parsed.tokens, options);
      expected = repeated === null ? { ...parsed.values } : `svc: ${repeated}.`;
    } catch (error) {
      expected = `svc: ${flagErrorSentence(error, Object.keys(options))}`;
    }
    let actual: unknown;
    try {
      actual = { ...readFlags(argv) };
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      actual = error.message;
    }
    assert.deepEqual(actual, expected, JSON.stringify(argv));
  }
});
