// A site's content/ and data folder may themselves be links (README: kept on another disk, shared between
// releases): every command writes through them as through plain folders, though links below them are never
// followed. Only the site root had been tried: a linked data folder or content/ refused every first write
// there ("There is no such file"), from `svc init` to `user add` and the statistics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { svc, svcOk } from './run-svc.ts';

test('init and user add write through a content/ and a data folder that are links; a link below them is still refused', () => {
  const place = makeTempFolder('svc-linked-folders-');
  const root = join(place, 'site');
  mkdirSync(root);
  mkdirSync(join(place, 'content-elsewhere'));
  mkdirSync(join(place, 'data-elsewhere'));
  symlinkSync(join(place, 'content-elsewhere'), join(root, 'content'));
  symlinkSync(join(place, 'data-elsewhere'), join(root, 'data'));
  svcOk(['init', '--root', root, '--title', 'Linked']);
  assert.ok(existsSync(join(place, 'content-elsewhere', 'site.yaml')));
  svcOk(['user', 'add', '--root', root, '--email', 'ada@example.org', '--name', 'Ada', '--role', 'admin', '--password-stdin'], 'correct horse battery\n');
  assert.ok(readdirSync(join(place, 'data-elsewhere')).includes('accounts'));
  assert.match(svcOk(['user', 'list', '--root', root]), /ada@example\.org/);
  // Below the trusted folder a link is refused as ever.
  mkdirSync(join(place, 'outside'));
  symlinkSync(join(place, 'outside'), join(place, 'content-elsewhere', 'posts', 'linked'));
  const check = svc(['check', '--root', root]);
  assert.match(check.out + check.err, /posts\/linked/);
  assert.deepEqual(readdirSync(join(place, 'outside')), []);
});

test('svc check does not call a link below theme/ or plugins/ unfollowed: the server reads through them', () => {
  const place = makeTempFolder('svc-linked-theme-');
  const root = join(place, 'site');
  svcOk(['init', '--root', root, '--title', 'Linked theme']);
  mkdirSync(join(place, 'shared'));
  writeFileSync(join(place, 'shared', 'de.yaml'), 'skip_link: Zum Inhalt\n');
  mkdirSync(join(root, 'theme', 'translations'), { recursive: true });
  rmSync(join(root, 'theme', 'translations', 'de.yaml'), { force: true });
  symlinkSync(join(place, 'shared', 'de.yaml'), join(root, 'theme', 'translations', 'de.yaml'));
  symlinkSync(join(root, 'theme', 'loop'), join(root, 'theme', 'loop'));
  const check = svc(['check', '--root', root]);
  assert.doesNotMatch(check.out + check.err, /theme\/translations\/de\.yaml/);
  assert.match(check.out, /theme\/loop: This is a symbolic link to .*loop, which leads nowhere; svc ignores it\./);
});
