// The entry reader's keepDocuments (content/entries/entry-reader.ts): a reader whose entries are used once
// (the search index's build thread) keeps each translation's front matter and body as read, so asking for
// them reads no file again; the index's readers keep neither, and read the file when asked.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entry, entryText, makeSiteFolder, writeSite } from '../helpers/write-site.ts';
import { EntryReader } from '../../dist/content/entries/entry-reader.js';
import { SiteSettings } from '../../dist/content/settings/site-settings.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const FIELDS = { title: 'Larches', status: 'published', published: '2026-03-01 09:00', excerpt: 'Gold in October.', tags: ['autumn'] };
const BODY = 'The larches turn **gold** in October.\n';

function readPost(keepDocuments: boolean) {
  const root = makeSiteFolder('svc-reader-documents-');
  roots.push(root);
  writeSite(root, {
    settings: { title: 'Trees', description: 'Trees.', url: 'https://trees.example', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' },
    entries: { 'content/posts/larches/en.md': entry(FIELDS, BODY) },
  });
  const contentDir = join(root, 'content');
  const trusted = new TrustedFolders([contentDir]);
  const settings = new SiteSettings(trusted, join(contentDir, 'site.yaml'), () => {});
  const reader = new EntryReader({ root, contentDir, trusted, clock: Date.now, log: () => {}, site: () => settings.current, onFoundDue: () => {}, keepDocuments });
  const type = settings.current.types.find((candidate) => candidate.key === 'post')!;
  const translation = reader.read(type, ['posts', 'larches'], null, undefined).entry!.translations.get('en')!;
  // The file changes after the read: what the translation gives tells where it came from.
  writeFileSync(translation.file, entryText(entry({ ...FIELDS, excerpt: 'Written since.' }, 'Written since.\n')));
  return translation;
}

test('a reader that keeps documents gives the front matter and body it read, without reading the file again', () => {
  const translation = readPost(true);
  assert.equal(translation.body.trim(), BODY.trim());
  assert.equal(translation.fields.excerpt, FIELDS.excerpt);
  assert.deepEqual(translation.fields.tags, FIELDS.tags);
  assert.equal(translation.title, FIELDS.title);
});

test('the index\'s reader keeps neither: the body and front matter are read from the file when asked', () => {
  const translation = readPost(false);
  assert.equal(translation.body.trim(), 'Written since.');
  assert.equal(translation.fields.excerpt, 'Written since.');
});
