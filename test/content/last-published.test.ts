// The text of a translation as it was last public, found among its kept versions: the newest one whose
// front matter says published, or scheduled with a time already past when it was kept (D2); none for a
// text that was never public.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastPublishedVersion } from '../../dist/content/last-published.js';
import { saveRevision } from '../../dist/content/revisions.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const ZONE = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);
const text = (status: string, published: string | null, body: string) => `---\ntitle: Walk\nstatus: ${status}\n${published ? `published: ${published}\n` : ''}---\n\n${body}\n`;

test('a translation with no kept versions, or only drafts and a schedule not yet due, was never published', () => {
  const data = makeTempFolder('svc-last-published-');
  assert.equal(lastPublishedVersion(new TrustedFolders([data]), data, 'posts/walk', 'en', ZONE), null);
  saveRevision(data, 'posts/walk', 'en', at('2026-03-01T10:00:00Z'), text('draft', null, 'One.'), fileStorage(new TrustedFolders([data])));
  // Scheduled for 2026-03-05 09:00 Berlin, unpublished (kept) before that: never live.
  saveRevision(data, 'posts/walk', 'en', at('2026-03-02T10:00:00Z'), text('scheduled', '2026-03-05 09:00', 'Two.'), fileStorage(new TrustedFolders([data])));
  saveRevision(data, 'posts/walk', 'en', at('2026-03-03T10:00:00Z'), '---\ntitle: [broken\n---\nThree.\n', fileStorage(new TrustedFolders([data])));
  assert.equal(lastPublishedVersion(new TrustedFolders([data]), data, 'posts/walk', 'en', ZONE), null);
});

test('the newest kept version that was public is the last published one, a due schedule counting as published', () => {
  const data = makeTempFolder('svc-last-published-');
  saveRevision(data, 'posts/walk', 'en', at('2026-03-01T10:00:00Z'), text('published', '2026-02-01 09:00', 'Old public.'), fileStorage(new TrustedFolders([data])));
  const due = saveRevision(data, 'posts/walk', 'en', at('2026-03-06T10:00:00Z'), text('scheduled', '2026-03-05 09:00', 'Went live by schedule.'), fileStorage(new TrustedFolders([data])));
  saveRevision(data, 'posts/walk', 'en', at('2026-03-07T10:00:00Z'), text('draft', null, 'Draft after.'), fileStorage(new TrustedFolders([data])));
  const found = lastPublishedVersion(new TrustedFolders([data]), data, 'posts/walk', 'en', ZONE)!;
  assert.deepEqual({ ...found, text: undefined }, { id: due, keptAt: '2026-03-06T10:00:00.000Z', published: '2026-03-05 09:00', text: undefined });
  assert.match(found.text, /Went live by schedule\./);
  // Another language's versions are its own.
  assert.equal(lastPublishedVersion(new TrustedFolders([data]), data, 'posts/walk', 'de', ZONE), null);
});
