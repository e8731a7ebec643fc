// The checked site.yaml kept in data/cache/: used while the file (and the code) is unchanged, rebuilt when
// it changes, never written for a file changed within the last two seconds, and never required.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, utimesSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { useSiteConfigCache } from '../../dist/content/settings/site-config-cache.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-site-cache-'));
const file = join(dir, 'site.yaml');
const cacheDir = join(dir, 'data', 'cache');
const cacheFile = join(cacheDir, 'site-config.json');
/** The site's folders: where site.yaml and the data folder are. */
const folders = new TrustedFolders([dir, join(dir, 'data')]);
after(() => {
  useSiteConfigCache(null);
  rmSync(dir, { recursive: true, force: true });
});

/** Writes site.yaml dated a minute ago (settled), or now. */
function writeSite(title: string, settled = true): void {
  writeFileSync(file, `title: ${title}\nlanguages: { en: English }\ntimezone: Europe/Berlin\ntypes:\n  recipe: { folder: recipes }\n`);
  if (settled) utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
}

test('without a cache folder nothing is written', () => {
  useSiteConfigCache(null);
  writeSite('Alps');
  assert.equal(loadSiteConfig(file).title, 'Alps');
  assert.equal(existsSync(cacheFile), false);
});

test('a settled file is kept, and the kept copy is used while the file is unchanged', () => {
  useSiteConfigCache(folders, cacheDir);
  writeSite('Alps');
  const first = loadSiteConfig(file);
  assert.deepEqual(JSON.parse(readFileSync(cacheFile, 'utf8')).config, first);
  assert.deepEqual(first.types.map((type) => type.key), ['post', 'page', 'tag', 'recipe']);
  // Proof that the copy is what the next load returns: change the copy, not the file.
  const kept = JSON.parse(readFileSync(cacheFile, 'utf8'));
  kept.config.title = 'From the cache';
  writeFileSync(cacheFile, JSON.stringify(kept));
  assert.equal(loadSiteConfig(file).title, 'From the cache');
});

test('a changed file is read again and kept anew', () => {
  useSiteConfigCache(folders, cacheDir);
  writeSite('Dolomites');
  assert.equal(loadSiteConfig(file).title, 'Dolomites');
  assert.equal(JSON.parse(readFileSync(cacheFile, 'utf8')).config.title, 'Dolomites');
});

test('a file changed just now is read but not kept (a second change in the same tick could go unseen)', () => {
  useSiteConfigCache(folders, cacheDir);
  writeSite('Dolomites');
  loadSiteConfig(file);
  writeSite('Julian Alps', false);
  assert.equal(loadSiteConfig(file).title, 'Julian Alps');
  assert.equal(JSON.parse(readFileSync(cacheFile, 'utf8')).config.title, 'Dolomites');
});

test('a broken or unwritable cache only costs a parse', () => {
  useSiteConfigCache(folders, cacheDir);
  writeSite('Tatra');
  writeFileSync(cacheFile, '{not json');
  assert.equal(loadSiteConfig(file).title, 'Tatra');
  assert.equal(JSON.parse(readFileSync(cacheFile, 'utf8')).config.title, 'Tatra');
  // A cache folder that cannot be made (its parent is a file; root may write anywhere else).
  const blocker = join(dir, 'a-file');
  writeFileSync(blocker, '');
  useSiteConfigCache(folders, join(blocker, 'cache'));
  writeSite('Pyrenees');
  assert.equal(loadSiteConfig(file).title, 'Pyrenees');
  assert.equal(existsSync(join(blocker, 'cache')), false);
});

test('a bad file is refused with its sentence and never kept', () => {
  useSiteConfigCache(folders, cacheDir);
  writeFileSync(file, 'title: Alps\nlanguages: { EN: English }\n');
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: languages.EN Invalid key in record.' });
  writeFileSync(file, 'title: Alps\nlanguages: { en: English }\ntypes:\n  constructor: { folder: things }\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: types.constructor Invalid key in record.' });
  writeFileSync(file, 'title: ""\nlanguages: { en: English }\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: title Too small: expected string to have >=1 characters.' });
  writeFileSync(file, 'title: Alps\nlanguages: { en: English }\ntypes:\n  recipe: { folder: Recipes }\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: types.recipe.folder Invalid string: must match pattern /^[a-z0-9][a-z0-9-]*$/.' });
  writeFileSync(file, 'title: Alps\nlanguages: { en: English }\ncategories:\n  events: { fields: { level: { type: choice } } }\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: categories.events.fields.level.type Invalid option: expected one of "text"|"textarea"|"time"|"date"|"number"|"select"|"boolean"|"image"|"url".' });
  writeFileSync(file, 'title: Alps\nlanguages: { en: English }\ntimezone: Mars/Olympus\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: timezone is not a time zone Intl knows.' });
  writeFileSync(file, '- a list\n');
  assert.throws(() => loadSiteConfig(file), { message: 'content/site.yaml: the file Invalid input: expected object, received array.' });
  useSiteConfigCache(folders, cacheDir);
  assert.equal(JSON.parse(readFileSync(cacheFile, 'utf8')).config.title, 'Tatra');
});
