// The trusted folders are a value per site (lib/trusted-folders.ts), not a registry of the process: two sites
// in one process each judge paths by their own folders, warn about their own links, and neither reaches the
// other's files through a link that only the other may pass (the root link of /var/www -> /srv).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinkRefusedError, listFolderNoFollow, readTextNoFollow } from '../../dist/lib/no-follow.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { siteFolders } from '../../dist/config.js';
import { ContentStore } from '../../dist/content/store.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { writeSite, entry } from '../helpers/write-site.ts';

const refused = (error: unknown) => error instanceof LinkRefusedError;

/** A site whose root is reached through a link (`<scratch>/served` -> `<scratch>/real`), as a deploy may have it. */
function linkedSite(title: string): { root: string; real: string } {
  const scratch = makeTempFolder('svc-two-sites-');
  const real = join(scratch, 'real');
  writeSite(real, { settings: { title, languages: { en: 'English' } }, entries: { 'content/posts/hello/en.md': entry({ title: `Hello from ${title}`, status: 'published' }, title) } });
  mkdirSync(join(real, 'data'));
  const root = join(scratch, 'served');
  symlinkSync(real, root);
  return { root, real };
}

test('two sites in one process keep their own trusted folders: each passes its own root link, never the other', () => {
  const alps = linkedSite('Alps');
  const lakes = linkedSite('Lakes');
  const alpsFolders = siteFolders({ root: alps.root, dataDir: join(alps.root, 'data') });
  const lakesFolders = siteFolders({ root: lakes.root, dataDir: join(lakes.root, 'data') });
  const alpsPost = join(alps.root, 'content', 'posts', 'hello', 'en.md');
  const lakesPost = join(lakes.root, 'content', 'posts', 'hello', 'en.md');
  // Each site reads its own files through its root link.
  assert.match(readTextNoFollow(alpsFolders, alpsPost), /Alps/);
  assert.match(readTextNoFollow(lakesFolders, lakesPost), /Lakes/);
  // Neither passes the other's root link: for it that link is below no trusted folder. With one registry
  // for the process, both sites' folders were trusted by every reader, and this read went through.
  assert.throws(() => readTextNoFollow(lakesFolders, alpsPost), refused);
  assert.throws(() => readTextNoFollow(alpsFolders, lakesPost), refused);
  assert.deepEqual(alpsFolders.paths.sort(), [join(alps.root, 'content'), join(alps.root, 'data')]);
  assert.deepEqual(lakesFolders.paths.sort(), [join(lakes.root, 'content'), join(lakes.root, 'data')]);
});

test('two content stores in one process: each reads its site through its own folders, and warns on its own', () => {
  const alps = linkedSite('Alps');
  const lakes = linkedSite('Lakes');
  const heard = { alps: [] as string[], lakes: [] as string[] };
  const alpsStore = new ContentStore({ root: alps.root, clock: Date.now, log: () => {}, trustedFolders: new TrustedFolders([join(alps.root, 'content')], (line) => heard.alps.push(line)) });
  const lakesStore = new ContentStore({ root: lakes.root, clock: Date.now, log: () => {}, trustedFolders: new TrustedFolders([join(lakes.root, 'content')], (line) => heard.lakes.push(line)) });
  try {
    assert.equal(alpsStore.entry('posts/hello')?.translations.get('en')?.title, 'Hello from Alps');
    assert.equal(lakesStore.entry('posts/hello')?.translations.get('en')?.title, 'Hello from Lakes');
    // A linked entry folder in one site: skipped there and warned about to that site's log only.
    symlinkSync(join(lakes.real, 'content', 'posts', 'hello'), join(alps.real, 'content', 'posts', 'borrowed'));
    alpsStore.invalidate();
    assert.equal(alpsStore.entry('posts/borrowed'), undefined);
    assert.deepEqual(heard.alps, ['svc: skipping content/posts/borrowed: it is a symbolic link, and links below content/ and the data folder are never followed']);
    assert.deepEqual(heard.lakes, []);
    // The same folder listed by the other site's value: a path outside its folders, judged link by link.
    assert.throws(() => listFolderNoFollow(lakesStore.trustedFolders, join(alps.root, 'content', 'posts')), refused);
  } finally {
    alpsStore.close();
    lakesStore.close();
  }
});

test('a value warns once per link, and a second value warns again: what one site was told is not the other\'s', () => {
  const site = linkedSite('Alps');
  const link = join(site.real, 'content', 'posts', 'linked');
  writeFileSync(join(site.real, 'outside.md'), 'outside');
  symlinkSync(join(site.real, 'outside.md'), link);
  const first: string[] = [];
  const second: string[] = [];
  const one = new TrustedFolders([join(site.real, 'content')], (line) => first.push(line));
  const other = new TrustedFolders([join(site.real, 'content')], (line) => second.push(line));
  for (let i = 0; i < 3; i++) assert.throws(() => readTextNoFollow(one, link), refused);
  assert.throws(() => readTextNoFollow(other, link), refused);
  assert.equal(first.length, 1);
  assert.equal(second.length, 1);
});
