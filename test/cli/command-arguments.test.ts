// Each subcommand takes exactly its own arguments and options, each option once (those documented as
// repeatable, like --scope, excepted): anything else is exit code 2 naming what was given, and nothing is
// done. Before, `svc user remove g h` removed g alone and `--root A --root B` worked on B, silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { AuthService } from '../../dist/auth/auth-service.js';
import { contents, HELP, siteWithAdmin, svc, svcOk } from './run-svc.ts';

const root = siteWithAdmin('svc-arguments-');
for (const who of ['g', 'h']) svcOk(['user', 'add', '--root', root, '--email', `${who}@example.org`, '--name', who.toUpperCase(), '--role', 'editor', '--password-stdin'], 'correct horse battery\n');
const token = /^(svc_[A-Za-z0-9]{40})$/m.exec(svcOk(['token', 'create', '--root', root, '--user', 'ada', '--name', 'Laptop']))![1]!;
const CONFIG = '--root, --data, --host, --port, --base-url, --trust-proxy, --keep-alive-timeout, --max-connections';

const REFUSED: Array<[string[], string]> = [
  [['user', 'remove', 'g', 'h'], 'Unexpected argument "h"'],
  [['user', 'list', 'junk'], 'Unexpected argument "junk"'],
  [['token', 'list', 'junk'], 'Unexpected argument "junk"'],
  [['token', 'revoke', 'aaaaaaaaaaaa', 'bbbbbbbbbbbb'], 'Unexpected argument "bbbbbbbbbbbb"'],
  [['user', '2fa', 'g', '--off', 'x'], 'Unexpected argument "x"'],
  [['user', 'password', 'g', 'h', '--password-stdin'], 'Unexpected argument "h"'],
  [['stats', 'rollup', 'now'], 'Unexpected argument "now"'],
  [['mcp', 'server-json', 'now'], 'Unexpected argument "now"'],
  [['mcp', 'junk', `--token=${'svc_' + 'x'.repeat(40)}`], 'Unexpected argument "junk"'],
  [['user', 'add', '--email', 'x@example.org', '--name', 'X', '--role', 'editor', '--off'], `--off is not an option here; the options are ${CONFIG}, --email, --name, --role, --password-stdin`],
  [['user', 'remove', 'g', '--password-stdin'], `--password-stdin is not an option here; the options are ${CONFIG}`],
  [['user', 'list', '--email', 'g@example.org'], `--email is not an option here; the options are ${CONFIG}`],
  [['token', 'list', '--name', 'Laptop'], `--name is not an option here; the options are ${CONFIG}, --user`],
  [['stats', 'rollup', '--days', '5'], `--days is not an option here; the options are ${CONFIG}`],
  [['check', '--id', 'posts/x'], `--id is not an option here; the options are ${CONFIG}`],
  [['user', 'list', '--root', '/elsewhere', '--root', root], '--root is given more than once'],
  [['user', 'add', '--email', 'x@example.org', '--email', 'y@example.org', '--name', 'X', '--role', 'editor'], '--email is given more than once'],
  [['token', 'create', '--user', 'ada', '--name', 'T', '--expires', '30d', '--expires', '90d'], '--expires is given more than once'],
  [['reindex', '--id', 'posts/a', '--id', 'posts/b'], '--id is given more than once'],
  [['user', '2fa', 'g', '--off', '--off'], '--off is given more than once'],
  [['mcp', `--token=${token}`, `--token=${token}`], '--token is given more than once'],
  [['stats', 'seed', '--days', '1', '--days', '2'], '--days is given more than once'],
];

for (const [args, sentence] of REFUSED) {
  test(`svc ${args.join(' ').replace(token, '<token>')} is refused with exit code 2 and changes nothing`, () => {
    const before = contents(root);
    // The site is named after the rest, unless the case names it itself.
    const result = svc(args.includes('--root') ? args : [...args, `--root=${root}`]);
    assert.equal(result.err, `svc: ${sentence}; ${HELP}\n`);
    assert.equal(result.code, 2);
    assert.equal(result.out, '');
    assert.deepEqual(contents(root), before);
  });
}

test('nobody was removed or changed by the refused commands, and --scope stays repeatable', () => {
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  assert.deepEqual(auth.accounts.list().map((account) => [account.id, account.totp === null]), [['ada', true], ['g', true], ['h', true]]);
  assert.equal(auth.listTokens().length, 1);
  const scoped = svc(['token', 'create', '--root', root, '--user', 'ada', '--name', 'Two scopes', '--scope', 'content:read', '--scope', 'stats:read']);
  assert.equal(scoped.code, 0, scoped.err);
  assert.match(scoped.out, /scopes content:read stats:read,/);
});
