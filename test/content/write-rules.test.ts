// The write rules and actions on a site held in memory (helpers/memory-site.ts): who may change what, which
// fields and slugs are refused with which sentence, what each action writes, in which order and inside which
// lock. No disk: the end-to-end write tests run the same actions on real files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ContentType, Entry } from '../../src/content/entries/types.ts';
import { approveEntry } from '../../dist/content/write/approve-entry.js';
import { setApprovalMode } from '../../dist/content/write/approval-mode.js';
import { createEntry, type CreateEntryInput } from '../../dist/content/write/create-entry.js';
import { APPROVAL_MESSAGE, publishEntry } from '../../dist/content/write/publish-entry.js';
import { sendBackEntry } from '../../dist/content/write/send-back.js';
import { settleScheduled } from '../../dist/content/write/settle-scheduled.js';
import { styleEntry } from '../../dist/content/write/style-entry.js';
import { updateEntry } from '../../dist/content/write/update-entry.js';
import { uploadMedia } from '../../dist/content/write/upload-media.js';
import { actorOf, makeMemorySite, MEMORY_ROOT, type MemorySite } from '../helpers/memory-site.ts';
import { makePng } from '../helpers/images.ts';
import { entry, type SiteDescription, type YamlMap } from '../helpers/write-site.ts';

/** 2026-03-10 12:00 UTC, 13:00 in Berlin. */
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);

const SETTINGS: YamlMap = {
  title: 'Memory Alps',
  url: 'https://alps.example',
  languages: { en: 'English', de: 'Deutsch' },
  default_language: 'en',
  timezone: 'Europe/Berlin',
  categories: {
    events: { label: 'Events', kind: 'date', fields: { location: { type: 'text', label: 'Location', required: true, same_in_all_languages: true }, 'end-time': { type: 'time', label: 'Ends' } } },
  },
};

const SITE: SiteDescription = {
  settings: SETTINGS,
  entries: {
    'content/posts/hello/en.md': entry({ title: 'Hello', status: 'draft', date: '2026-03-01 10:00', author: 'ava' }, 'Hi.'),
    'content/posts/carls-live/en.md': entry({ title: 'Live', status: 'published', published: '2026-03-01 10:00', author: 'carl' }, 'Out.'),
    'content/posts/bobs-draft/en.md': entry({ title: 'Bob', status: 'draft', date: '2026-03-01 10:00', author: 'bob' }, 'Plans.'),
    'content/posts/hike/en.md': entry({ title: 'Hike', status: 'draft', date: '2026-03-01 10:00', author: 'ava', category: 'events', start: '2026-04-01 08:00', location: 'Bolzano' }, 'Walk.'),
    'content/posts/later/en.md': entry({ title: 'Later', status: 'scheduled', published: '2026-03-10 12:30', author: 'ava' }, 'Soon.'),
    'content/posts/waiting/en.md': entry({ title: 'Waiting', status: 'draft', date: '2026-03-01 10:00', author: 'ava', review: 'requested' }, 'Please.'),
    'content/pages/about/en.md': entry({ title: 'About', status: 'published', published: '2026-03-01 10:00', author: 'ann' }, 'Us.'),
  },
  files: {
    'content/posts/hello/de.md': '---\ntitle: [unclosed\n---\nKaputt.\n',
    'content/media/posts/hello/photo.png': makePng(1, 1),
  },
};

const ava = actorOf('ava', 'author');
const memorySite = (settings: YamlMap = SETTINGS) => makeMemorySite({ ...SITE, settings }, NOW);
const typeOf = (site: MemorySite, key: string): ContentType => site.context.store.site().types.find((type) => type.key === key)!;
const entryOf = (site: MemorySite, id: string): Entry => site.context.store.entry(id)!;
const post = (site: MemorySite, input: Partial<CreateEntryInput> & { title: string }): CreateEntryInput => ({ type: typeOf(site, 'post'), language: 'en', body: '', fields: {}, parent: null, ...input });
const history = (site: MemorySite) => site.read('data/history/2026-03.ndjson').trim().split('\n').map((line) => JSON.parse(line));
const writes = (site: MemorySite) => site.journal().filter((line) => !line.startsWith('lock ') && !line.startsWith('unlock '));

test('creating an entry writes a draft of the actor inside the creation lock and the entry lock, then records it', () => {
  const site = memorySite();
  const result = createEntry(site.context, ava, post(site, { title: 'Über den Berg', body: 'Up.' }));
  assert.deepEqual(result, { id: 'posts/uber-den-berg', status: 'draft', language: 'en' });
  assert.equal(site.read('content/posts/uber-den-berg/en.md'), '---\ntitle: Über den Berg\nstatus: draft\ndate: 2026-03-10 13:00\nauthor: ava\nvia: mcp\n---\n\nUp.\n');
  assert.deepEqual(site.journal(), [
    'lock data/locks/create.lock',
    'lock data/locks/posts+uber-den-berg.lock',
    'write content/posts/uber-den-berg/en.md',
    'append data/history/2026-03.ndjson',
    'unlock data/locks/posts+uber-den-berg.lock',
    'unlock data/locks/create.lock',
  ]);
  assert.deepEqual(history(site), [{ time: '2026-03-10T12:00:00.000Z', person: 'ava', action: 'create', entry: 'posts/uber-den-berg', language: 'en', via: 'mcp', token: 'ava laptop' }]);
});

test('a taken slug gets the next free number, and a post does not take the address of a top-level page', () => {
  const site = memorySite();
  assert.equal(createEntry(site.context, ava, post(site, { title: 'Hello' })).id, 'posts/hello-2');
  assert.equal(createEntry(site.context, ava, post(site, { title: 'Hello' })).id, 'posts/hello-3');
  assert.equal(createEntry(site.context, ava, post(site, { title: 'About' })).id, 'posts/about-2');
});

test('a taken slug typed in the panel is refused with conflict, and nothing is written', () => {
  const site = memorySite();
  assert.throws(() => createEntry(site.context, actorOf('ava', 'author', 'panel'), post(site, { title: 'Hi', fields: { slug: 'hello' }, exactSlug: true })), {
    kind: 'conflict', message: 'The slug "hello" is taken; choose another one, or leave it empty for a free one.',
  });
  assert.deepEqual(writes(site), []);
});

test('fields the service sets are ignored on creation: the entry is a draft of the actor', () => {
  const site = memorySite();
  const { id } = createEntry(site.context, ava, post(site, { title: 'Mine', fields: { status: 'published', author: 'ann', published: '2026-01-01 10:00', review: 'requested', excerpt: 'Short.' } }));
  assert.equal(site.read(`content/${id}/en.md`), '---\ntitle: Mine\nstatus: draft\ndate: 2026-03-10 13:00\nauthor: ava\nvia: mcp\nexcerpt: Short.\n---\n\n');
});

test('an empty title is refused before anything is locked or written', () => {
  const site = memorySite();
  assert.throws(() => createEntry(site.context, ava, post(site, { title: '  ' })), { kind: 'invalid_params', message: 'The title cannot be empty.' });
  assert.deepEqual(site.journal(), []);
});

test('a page nests at most two levels below a top-level page', () => {
  const site = memorySite();
  const page = (title: string, parent: Entry) => createEntry(site.context, actorOf('ann', 'admin'), { ...post(site, { title }), type: typeOf(site, 'page'), parent });
  const team = page('Team', entryOf(site, 'pages/about'));
  const people = page('People', entryOf(site, team.id));
  assert.equal(people.id, 'pages/about/team/people');
  assert.throws(() => page('Deeper', entryOf(site, people.id)), { kind: 'invalid_params', message: 'Pages nest at most 2 levels deep; choose a parent higher up.' });
});

test('a page whose id would be over 200 characters is refused before anything is written', () => {
  const site = memorySite();
  const page = (slug: string, parent: Entry | null) => createEntry(site.context, actorOf('ann', 'admin'), { ...post(site, { title: slug, fields: { slug } }), type: typeOf(site, 'page'), parent });
  const first = page('a'.repeat(80), null);
  assert.equal(first.id.length, 86);
  const second = page('b'.repeat(80), entryOf(site, first.id));
  assert.equal(second.id.length, 167);
  const written = site.journal().length;
  assert.throws(() => page('c'.repeat(80), entryOf(site, second.id)), {
    kind: 'invalid_params',
    message: `The new entry's id would be 248 characters (pages/${'a'.repeat(54)}…), and ids are at most 200; give it a shorter slug, or a parent with a shorter id.`,
  });
  assert.deepEqual(site.journal().slice(written).filter((line) => !line.includes('locks/')), [], 'nothing written');
  assert.equal(page('c'.repeat(32), entryOf(site, second.id)).id.length, 200, 'one that just fits');
});

test('a cover is a media reference /media serves, or it is refused', () => {
  const site = memorySite();
  const set = (cover: unknown) => updateEntry(site.context, ava, { entry: entryOf(site, 'posts/hello'), language: 'en', fields: { cover } });
  for (const cover of ['https://evil.example/x.png', 'javascript:alert(1)', 'media/../../data/accounts/ann.yaml', 'media/posts/hello/"><img src=x>.png', 'media/posts/hello/', 'media/x.png', 5]) {
    assert.throws(() => set(cover), { message: 'cover must be a media reference like media/posts/hello/photo.jpg from media_upload.' }, String(cover));
  }
  set('media/posts/hello/photo.png');
  assert.match(site.read('content/posts/hello/en.md'), /^cover: media\/posts\/hello\/photo\.png$/m);
});

test('a category removed takes its fields along: left behind they are refused, and removed with it they go', () => {
  const site = memorySite();
  const hike = () => entryOf(site, 'posts/hike');
  assert.throws(() => updateEntry(site.context, ava, { entry: hike(), language: 'en', fields: { category: null } }), {
    kind: 'invalid_params', message: 'The fields start, location belong to the category events, which is removed; remove them as well (null).',
  });
  assert.match(site.read('content/posts/hike/en.md'), /^location: "Bolzano"$/m, 'nothing changed');
  // A field named as every object's property is no field, with a category or without one.
  for (const fields of [{ constructor: 5 }, { category: 'events', constructor: 5 }]) {
    assert.throws(() => updateEntry(site.context, ava, { entry: hike(), language: 'en', fields }), { message: '"constructor" cannot name a field: it is a name every JavaScript object has already; choose another.' });
  }
  // A field site.yaml names with a dash is the category's to set, as any of its fields.
  updateEntry(site.context, ava, { entry: hike(), language: 'en', fields: { 'end-time': '2026-04-01 18:00' } });
  assert.match(site.read('content/posts/hike/en.md'), /^end-time: 2026-04-01 18:00$/m);
  assert.throws(() => updateEntry(site.context, ava, { entry: hike(), language: 'en', fields: { 'odd-name': 'x' } }), { message: '"odd-name" is not a field name; field names are lowercase letters, digits and _, starting with a letter.' });
  updateEntry(site.context, ava, { entry: hike(), language: 'en', fields: { category: null, location: null, start: null, 'end-time': null } });
  assert.doesNotMatch(site.read('content/posts/hike/en.md'), /category|location|start/);
});

test('updating a translation keeps its previous text as a revision before the file is replaced', () => {
  const site = memorySite();
  const before = site.read('content/posts/hello/en.md');
  const result = updateEntry(site.context, ava, { entry: entryOf(site, 'posts/hello'), language: 'en', body: 'Changed.' });
  assert.deepEqual(result, { id: 'posts/hello', language: 'en', status: 'draft', url: 'https://alps.example/hello', added: false });
  assert.equal(site.read('data/revisions/posts/hello/en/2026-03-10T12-00-00-000Z.md'), before);
  assert.equal(site.read('content/posts/hello/en.md'), '---\ntitle: Hello\nstatus: draft\ndate: 2026-03-01 10:00\nauthor: ava\n---\n\nChanged.\n');
  assert.deepEqual(site.journal(), [
    'lock data/locks/posts+hello.lock',
    'write data/revisions/posts/hello/en/2026-03-10T12-00-00-000Z.md',
    'write content/posts/hello/en.md',
    'append data/history/2026-03.ndjson',
    'unlock data/locks/posts+hello.lock',
  ]);
});

test('fields the service sets are refused in an update with one sentence naming them, before the lock', () => {
  const site = memorySite();
  assert.throws(() => updateEntry(site.context, ava, { entry: entryOf(site, 'posts/hello'), language: 'en', fields: { status: 'published', author: 'ava' } }), {
    kind: 'invalid_params',
    message: 'The fields status, author cannot be changed here: status, author, via, published, review and date are set by the service. Use content_publish or content_unpublish to change the status, and leave the others out.',
  });
  assert.deepEqual(site.journal(), []);
});

test('a contributor may not change a published entry, even their own, and nothing is written', () => {
  const site = memorySite();
  assert.throws(() => updateEntry(site.context, actorOf('carl', 'contributor'), { entry: entryOf(site, 'posts/carls-live'), language: 'en', body: 'Sneaky.' }), {
    kind: 'forbidden', message: 'Your role (contributor) may not change posts/carls-live because it is published; ask an editor, or work on a draft.',
  });
  assert.deepEqual(writes(site), []);
});

test('a new language is added as a draft of the actor with the category and its fields copied', () => {
  const site = memorySite();
  const result = updateEntry(site.context, actorOf('bob', 'editor'), { entry: entryOf(site, 'posts/hike'), language: 'de', title: 'Wanderung', body: 'Gehen.' });
  assert.deepEqual(result, { id: 'posts/hike', language: 'de', status: 'draft', url: 'https://alps.example/de/hike', added: true });
  assert.deepEqual(entryOf(site, 'posts/hike').translations.get('de')!.fields, {
    title: 'Wanderung', status: 'draft', date: '2026-03-10 13:00', author: 'bob', via: 'mcp', category: 'events', location: 'Bolzano', start: '2026-04-01 08:00',
  });
  assert.ok(!site.journal().some((line) => line.startsWith('write data/revisions/')), 'a new file has no previous version');
});

test('a language file that exists but cannot be read is not written over', () => {
  const site = memorySite();
  assert.throws(() => updateEntry(site.context, ava, { entry: entryOf(site, 'posts/hello'), language: 'de', title: 'Hallo' }), {
    kind: 'conflict', message: 'The de file of posts/hello exists but cannot be read (broken front matter or not UTF-8); fix it in the panel or on disk first.',
  });
  assert.equal(site.read('content/posts/hello/de.md'), '---\ntitle: [unclosed\n---\nKaputt.\n');
});

test('publishing a draft sets its status and time, keeps the previous text and records publish', () => {
  const site = memorySite();
  const result = publishEntry(site.context, ava, entryOf(site, 'posts/hello'), 'en', undefined);
  assert.deepEqual(result, { id: 'posts/hello', status: 'published', date: '2026-03-10 13:00', url: 'https://alps.example/hello' });
  assert.equal(site.read('content/posts/hello/en.md'), '---\ntitle: Hello\nstatus: published\ndate: 2026-03-01 10:00\nauthor: ava\npublished: 2026-03-10 13:00\n---\n\nHi.\n');
  assert.equal(site.storage.exists(join(MEMORY_ROOT, 'data/revisions/posts/hello/en/2026-03-10T12-00-00-000Z.md')), true);
  assert.deepEqual(history(site).map((line) => line.action), ['publish']);
});

test('a publish time that has passed is refused naming the time now; a later one schedules', () => {
  const site = memorySite();
  const hello = entryOf(site, 'posts/hello');
  assert.throws(() => publishEntry(site.context, ava, hello, 'en', '2026-03-10 12:00'), {
    kind: 'invalid_params', message: 'at (2026-03-10 12:00) is not in the future (now it is 2026-03-10 13:00 in Europe/Berlin); leave at out to publish now.',
  });
  assert.deepEqual(site.journal(), []);
  assert.deepEqual(publishEntry(site.context, ava, hello, 'en', '2026-04-01 09:00'), { id: 'posts/hello', status: 'scheduled', date: '2026-04-01 09:00', url: 'https://alps.example/hello' });
  assert.deepEqual(history(site).map((line) => [line.action, line.detail]), [['schedule', '2026-04-01 09:00']]);
});

test('an author may publish only their own entries', () => {
  const site = memorySite();
  assert.throws(() => publishEntry(site.context, ava, entryOf(site, 'posts/bobs-draft'), 'en', undefined), {
    kind: 'forbidden', message: 'Your role (author) may publish only your own entries, and posts/bobs-draft belongs to someone else.',
  });
  assert.deepEqual(writes(site), []);
});

test('in approval mode a publish leaves a draft waiting with review: requested', () => {
  const site = memorySite({ ...SETTINGS, approval_mode: true });
  assert.deepEqual(publishEntry(site.context, ava, entryOf(site, 'posts/hello'), 'en', undefined), {
    id: 'posts/hello', status: 'waiting_for_approval', message: APPROVAL_MESSAGE, review: 'requested',
  });
  assert.deepEqual(entryOf(site, 'posts/hello').translations.get('en')!.fields, { title: 'Hello', status: 'draft', date: '2026-03-01 10:00', author: 'ava', review: 'requested' });
});

test('approval mode is switched in site.yaml, and the next publish sees it at once', () => {
  const site = memorySite();
  setApprovalMode(site.context, actorOf('ann', 'admin', 'panel'), true);
  assert.match(site.read('content/site.yaml'), /^approval_mode: true$/m);
  assert.equal(publishEntry(site.context, ava, entryOf(site, 'posts/hello'), 'en', '2026-04-01 09:00').status, 'waiting_for_approval');
  assert.equal(entryOf(site, 'posts/hello').translations.get('en')!.fields.review, 'scheduled 2026-04-01 09:00');
});

test('approving a requested review publishes it now and removes the request', () => {
  const site = memorySite({ ...SETTINGS, approval_mode: true });
  const result = approveEntry(site.context, actorOf('bob', 'editor', 'panel'), entryOf(site, 'posts/waiting'), 'en');
  assert.deepEqual(result, { id: 'posts/waiting', language: 'en', status: 'published', date: '2026-03-10 13:00' });
  assert.equal(entryOf(site, 'posts/waiting').translations.get('en')!.fields.review, undefined);
  assert.deepEqual(history(site).map((line) => [line.person, line.action, line.via, line.token]), [['bob', 'approve', 'panel', null]]);
});

test('approval mode holds back assistants only: a person whose role may publish publishes in the panel at once', () => {
  const site = memorySite({ ...SETTINGS, approval_mode: true });
  const result = publishEntry(site.context, actorOf('bob', 'editor', 'panel'), entryOf(site, 'posts/waiting'), 'en', undefined);
  assert.equal(result.status, 'published');
  const fields = entryOf(site, 'posts/waiting').translations.get('en')!.fields;
  assert.deepEqual([fields.status, fields.published, fields.review], ['published', '2026-03-10 13:00', undefined]);
  assert.deepEqual(history(site).map((line) => [line.person, line.action, line.via]), [['bob', 'publish', 'panel']]);
});

test('approving a scheduled request now publishes it at once; at the requested time schedules it', () => {
  const site = memorySite({ ...SETTINGS, approval_mode: true });
  publishEntry(site.context, ava, entryOf(site, 'posts/hello'), 'en', '2026-04-01 09:00');
  const now = approveEntry(site.context, actorOf('bob', 'editor', 'panel'), entryOf(site, 'posts/hello'), 'en', 'now');
  assert.deepEqual(now, { id: 'posts/hello', language: 'en', status: 'published', date: '2026-03-10 13:00' });
  publishEntry(site.context, ava, entryOf(site, 'posts/hike'), 'en', '2026-04-01 09:00');
  const later = approveEntry(site.context, actorOf('bob', 'editor', 'panel'), entryOf(site, 'posts/hike'), 'en', 'requested');
  assert.deepEqual(later, { id: 'posts/hike', language: 'en', status: 'scheduled', date: '2026-04-01 09:00' });
});

test('sending a request back removes the review, keeps the draft, and records the note; a bad note writes nothing', () => {
  const site = memorySite({ ...SETTINGS, approval_mode: true });
  const bob = actorOf('bob', 'editor', 'panel');
  for (const [note, message] of [
    ['', 'Write a note saying what should change before it is published.'],
    [' \n\t ', 'Write a note saying what should change before it is published.'],
    ['x'.repeat(1001), 'The note has 1001 characters; at most 1000 are kept.'],
    ['😀'.repeat(1001), 'The note has 1001 characters; at most 1000 are kept.'],
    ['a\u0000b', 'The note contains control characters; write plain text.'],
    ['a\u2028b', 'The note contains control characters; write plain text.'],
  ] as const) {
    assert.throws(() => sendBackEntry(site.context, bob, entryOf(site, 'posts/waiting'), 'en', note), { kind: 'invalid_params', message });
  }
  assert.deepEqual(writes(site), []);
  assert.throws(() => sendBackEntry(site.context, actorOf('carl', 'contributor', 'panel'), entryOf(site, 'posts/waiting'), 'en', 'No.'), { kind: 'forbidden' });
  const result = sendBackEntry(site.context, bob, entryOf(site, 'posts/waiting'), 'en', ' Name the trail.\r\nThanks. ');
  assert.deepEqual(result, { id: 'posts/waiting', language: 'en', status: 'draft', note: 'Name the trail.\nThanks.' });
  assert.deepEqual(entryOf(site, 'posts/waiting').translations.get('en')!.fields, { title: 'Waiting', status: 'draft', date: '2026-03-01 10:00', author: 'ava' });
  assert.deepEqual(history(site).map((line) => [line.person, line.action, line.via, line.detail]), [['bob', 'send_back', 'panel', 'Name the trail.\nThanks.']]);
  assert.throws(() => sendBackEntry(site.context, bob, entryOf(site, 'posts/waiting'), 'en', 'Again.'), { kind: 'conflict', message: 'The en translation of posts/waiting is not waiting for approval any more.' });
});

test('a change to an entry whose lock is held is refused with conflict, and nothing is written', () => {
  const site = memorySite();
  site.storage.withLock(join(MEMORY_ROOT, 'data/locks/posts+hello.lock'), () => {
    assert.throws(() => publishEntry(site.context, ava, entryOf(site, 'posts/hello'), 'en', undefined), {
      kind: 'conflict', message: 'The entry is being changed by someone else; try again in a moment.',
    });
  });
  assert.deepEqual(writes(site), []);
});

test('a scheduled translation whose time came is settled once: published in its file, recorded via schedule', () => {
  const site = memorySite();
  assert.equal(settleScheduled(site.context, 'posts/later', 'en'), true);
  assert.match(site.read('content/posts/later/en.md'), /^status: published$/m);
  assert.deepEqual(history(site), [{ time: '2026-03-10T12:00:00.000Z', person: 'ava', action: 'publish', entry: 'posts/later', language: 'en', via: 'schedule', token: null, detail: 'scheduled for 2026-03-10 12:30' }]);
  assert.equal(settleScheduled(site.context, 'posts/later', 'en'), false);
  assert.equal(settleScheduled(site.context, 'posts/hello', 'en'), false);
});

test('a style is saved scoped to main, and an empty one removes style.css keeping the previous CSS as a version', () => {
  const site = memorySite();
  const saved = styleEntry(site.context, ava, entryOf(site, 'posts/hello'), 'h1 { color: teal }');
  assert.equal(saved.removed, false);
  assert.equal(site.read('content/posts/hello/style.css'), saved.css);
  const removed = styleEntry(site.context, ava, entryOf(site, 'posts/hello'), '');
  assert.deepEqual([removed.removed, removed.note], [true, 'style.css was removed. The previous CSS was kept as a version.']);
  assert.equal(site.storage.exists(join(MEMORY_ROOT, 'content/posts/hello/style.css')), false);
  assert.equal(site.read('data/styles/posts/hello/2026-03-10T12-00-00-000Z.css'), saved.css);
});

test('an uploaded image takes the next free name in the entry\'s media folder', () => {
  const site = memorySite();
  const result = uploadMedia(site.context, ava, entryOf(site, 'posts/hello'), 'Photo.png', makePng(2, 2).toString('base64'));
  assert.deepEqual(result, { id: 'posts/hello', file: 'media/posts/hello/photo-2.png', markdown: '![photo 2](media/posts/hello/photo-2.png)' });
  assert.ok(site.journal().includes('write content/media/posts/hello/photo-2.png'));
});
