// checkTranslationEdit: update-entry's rules for an edit of an existing translation, judged without writing.
// The write path judges by it before it writes and the panel's Unpublish judges by it alone (before the page
// goes down), so both refuse the same edits with the same sentences, and a check writes nothing. Judged as
// the draft a translation is about to become, a published one is one a contributor may change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Entry } from '../../src/content/entries/types.ts';
import { checkTranslationEdit, updateEntry, type TranslationEdit } from '../../dist/content/write/update-entry.js';
import { actorOf, makeMemorySite, type MemorySite } from '../helpers/memory-site.ts';
import { entry, type SiteDescription } from '../helpers/write-site.ts';

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);

const SITE: SiteDescription = {
  settings: {
    title: 'Memory Alps', url: 'https://alps.example', languages: { en: 'English', de: 'Deutsch' }, default_language: 'en', timezone: 'Europe/Berlin',
    categories: { events: { label: 'Events', kind: 'date', fields: { location: { type: 'text', label: 'Location', required: true, same_in_all_languages: true } } } },
  },
  entries: {
    'content/posts/carls-live/en.md': entry({ title: 'Live', status: 'published', published: '2026-03-01 10:00', author: 'carl' }, 'Out.'),
    'content/posts/taken/en.md': entry({ title: 'Taken', status: 'draft', date: '2026-03-01 10:00', author: 'ann' }, 'Here.'),
    'content/posts/hike/en.md': entry({ title: 'Hike', status: 'draft', date: '2026-03-01 10:00', author: 'carl', category: 'events', start: '2026-04-01 08:00', location: 'Bolzano' }, 'Walk.'),
    'content/posts/hike/de.md': entry({ title: 'Wanderung', status: 'published', published: '2026-03-01 10:00', author: 'ann', category: 'events', start: '2026-04-01 08:00', location: 'Bolzano' }, 'Gehen.'),
  },
};

const ann = actorOf('ann', 'admin', 'panel');
const carl = actorOf('carl', 'contributor', 'panel');
const entryOf = (site: MemorySite, id: string): Entry => site.context.store.entry(id)!;
const writes = (site: MemorySite) => site.journal().filter((line) => !line.startsWith('lock ') && !line.startsWith('unlock '));

/** The sentence an action refuses with, or 'allowed'. */
function outcome(action: () => unknown): string {
  try {
    action();
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
}

test('a check judges the edit as the save would and writes nothing', () => {
  const site = makeMemorySite(SITE, NOW);
  const hike = entryOf(site, 'posts/hike');
  const checked = checkTranslationEdit(site.context, ann, hike, hike.translations.get('en')!, { title: 'Hike day', body: 'A longer walk.', fields: { location: 'Trento' } });
  assert.equal(checked.fields.title, 'Hike day');
  assert.equal(checked.fields.location, 'Trento');
  assert.equal(checked.body, 'A longer walk.');
  assert.equal(checked.held, false);
  // The shared field would follow into the German translation: planned, not written.
  assert.deepEqual(checked.sync.shared, ['location']);
  assert.deepEqual(checked.sync.writes.map((write) => write.language), ['de']);
  assert.deepEqual(writes(site), []);
});

test('the check and the save refuse the same edits with the same sentences', () => {
  const edits: Array<[string, typeof ann, string, TranslationEdit, RegExp]> = [
    ['an empty title', ann, 'posts/taken', { title: ' ' }, /The title cannot be empty\./],
    ['a title of two lines', ann, 'posts/taken', { title: 'One\nTwo' }, /one line/],
    ['a bad slug', ann, 'posts/taken', { fields: { slug: 'Bad Slug!' } }, /slug must be lowercase/],
    ['a taken address', ann, 'posts/taken', { fields: { slug: 'hike' } }, /The address \/hike is already used by posts\/hike/],
    ['a protected field', ann, 'posts/taken', { fields: { status: 'published' } }, /status, author, via, published, review and date are set by the service/],
    ['a category without its fields', ann, 'posts/taken', { fields: { category: 'events' } }, /The category events needs/],
    ['a shared field into a translation this person may not change', carl, 'posts/hike', { fields: { location: 'Elsewhere' } }, /^location is kept the same in every language, and the de translation cannot be changed by you/],
    ['someone else\'s entry', carl, 'posts/taken', { body: 'Mine now.' }, /may only change your own entries/],
  ];
  for (const [what, actor, id, edit, sentence] of edits) {
    const site = makeMemorySite(SITE, NOW);
    const found = entryOf(site, id);
    const checked = outcome(() => checkTranslationEdit(site.context, actor, found, found.translations.get('en')!, edit));
    assert.match(checked, sentence, what);
    assert.deepEqual(writes(site), [], `${what}: the check wrote nothing`);
    assert.equal(outcome(() => updateEntry(site.context, actor, { entry: found, language: 'en', ...edit })), checked, what);
    assert.deepEqual(writes(site), [], `${what}: the refused save wrote nothing`);
  }
});

test('judged as the draft it is about to become, a published translation is one its contributor may change', () => {
  const site = makeMemorySite(SITE, NOW);
  const live = entryOf(site, 'posts/carls-live');
  const translation = live.translations.get('en')!;
  assert.match(outcome(() => checkTranslationEdit(site.context, carl, live, translation, { body: 'Reworded.' })), /may not change posts\/carls-live because it is published/);
  assert.equal(outcome(() => checkTranslationEdit(site.context, carl, live, translation, { body: 'Reworded.' }, { asDraft: true })), 'allowed');
  // The translation itself is left as it is: only the judgement sees a draft.
  assert.equal(translation.status, 'published');
  assert.equal(translation.author, 'carl');
});

test('a check refuses an edit made from an older version of the file', () => {
  const site = makeMemorySite(SITE, NOW);
  const taken = entryOf(site, 'posts/taken');
  assert.match(outcome(() => checkTranslationEdit(site.context, ann, taken, taken.translations.get('en')!, { body: 'New.', expectedVersion: 'not-the-version' })), /was changed by someone else since you opened it; nothing was saved/);
});
