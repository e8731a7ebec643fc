// The spec's "States and transitions", row by row, over MCP against the real HTTP server; then every role
// (admin, editor, author, contributor) against its own and others' drafts and published entries.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';
import { formatSiteTime } from '../../dist/lib/time-zone.js';
import { approveEntry, listPendingReviews } from '../../dist/content/write/approve-entry.js';
import { setApprovalMode } from '../../dist/content/write/approval-mode.js';
import type { Actor, WriteContext } from '../../src/content/write/write-context.ts';
import { makePng } from '../helpers/images.ts';
import { entry, type YamlMap } from '../helpers/write-site.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const tokens: Record<string, string> = {};
const OWNER: Record<string, string> = { admin: 'ann', editor: 'bob', author: 'ava', contributor: 'carl' };

before(async () => {
  ({ site, http } = served = await serveTestSite());
  const make = (owner: string, name: string, scopes: string[]) => site.deps.auth.createToken({ ownerId: owner, name, scopes, expiresInDays: 30 }).token;
  tokens.admin = make('ann', 'Ann laptop', ['content:read', 'content:write', 'content:publish']);
  tokens.editor = make('bob', 'Bob desk', ['content:read', 'content:write', 'content:publish']);
  tokens.author = make('ava', 'Ava phone', ['content:read', 'content:write', 'content:publish']);
  tokens.contributor = make('carl', 'Carl tablet', ['content:read', 'content:write']);
});
after(() => served.close());

const call = (token: string, name: string, args?: unknown) => callTool(site, http.url, tokens[token]!, name, args);
const front = (id: string, language = 'en') => parseFrontMatter(readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8')).fields;
const berlin = (ms = site.clock.now) => formatSiteTime(ms, 'Europe/Berlin');
const writeContext = (): WriteContext => ({ store: site.deps.content, dataDir: site.deps.config.dataDir, clock: () => site.clock.now });
const panelActor = (token: string): Actor => ({ principal: site.deps.auth.verify(tokens[token]!)!, via: 'panel' });

const writeEntry = (id: string, fields: YamlMap, body = 'Body.') => site.writeEntry(`content/${id}/en.md`, entry(fields, body));
const draft = (id: string, author: string, body?: string) => writeEntry(id, { title: id, status: 'draft', date: '2026-03-01 10:00', author }, body);
const published = (id: string, author: string) => writeEntry(id, { title: id, status: 'published', published: '2026-03-01 10:00', author });

function ok(result: any): any {
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
}
function refused(result: any, sentence: string): void {
  assert.equal(result.isError, true, JSON.stringify(result.structuredContent));
  assert.equal(result.content[0].text, sentence);
}

test('row 1: (none) -> content_create -> draft, author = token owner, via: mcp', async () => {
  const { id, status } = ok(await call('author', 'content_create', { title: 'Row one' }));
  assert.equal(status, 'draft');
  const fields = front(id);
  assert.deepEqual([fields.status, fields.author, fields.via], ['draft', 'ava', 'mcp']);
});

test('row 2: (language absent) -> content_update with a new language -> draft, marked via: mcp', async () => {
  published('posts/row-two', 'ava');
  assert.equal(ok(await call('author', 'content_update', { id: 'posts/row-two', language: 'de', title: 'Zeile zwei' })).status, 'draft');
  assert.deepEqual([front('posts/row-two', 'de').status, front('posts/row-two', 'de').via], ['draft', 'mcp']);
  assert.equal(front('posts/row-two').status, 'published');
});

test('row 3: any state -> content_update -> unchanged, previous version kept as a revision', async () => {
  draft('posts/row-three-draft', 'ann');
  published('posts/row-three-published', 'ann');
  writeEntry('posts/row-three-scheduled', { title: 'S', status: 'scheduled', published: '2026-12-01 10:00', author: 'ann' });
  for (const [id, status] of [['posts/row-three-draft', 'draft'], ['posts/row-three-published', 'published'], ['posts/row-three-scheduled', 'scheduled']] as const) {
    assert.equal(ok(await call('admin', 'content_update', { id, body: 'Changed.' })).status, status, id);
    assert.equal(front(id).status, status);
    assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, 1, id);
  }
});

test('row 4: draft -> content_publish without at -> published now, with card_warnings, published all the same', async () => {
  draft('posts/row-four', 'ava', 'Text.\n\n::: map\n:::\n');
  const answer = ok(await call('author', 'content_publish', { id: 'posts/row-four' }));
  assert.deepEqual(answer, { id: 'posts/row-four', status: 'published', date: berlin(), url: 'http://127.0.0.1:8080/row-four', card_warnings: [{ card: 'map', missing: ['place'] }] });
  assert.deepEqual([front('posts/row-four').status, front('posts/row-four').published], ['published', berlin()]);
  draft('posts/row-four-clean', 'ava', 'No cards.');
  assert.deepEqual(Object.keys(ok(await call('author', 'content_publish', { id: 'posts/row-four-clean' }))), ['id', 'status', 'date', 'url']);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/row-four' })[0]!;
  assert.deepEqual([line.action, line.person, line.via, line.token], ['publish', 'ava', 'mcp', 'Ava phone']);
});

test('row 5: draft -> content_publish with at -> scheduled, then published by itself when the time comes', async () => {
  draft('posts/row-five', 'ava', '::: map\n:::\n');
  const at = berlin(site.clock.now + 3 * 3600_000);
  const answer = ok(await call('author', 'content_publish', { id: 'posts/row-five', at }));
  assert.deepEqual(answer, { id: 'posts/row-five', status: 'scheduled', date: at, url: 'http://127.0.0.1:8080/row-five', card_warnings: [{ card: 'map', missing: ['place'] }] });
  assert.deepEqual([front('posts/row-five').status, front('posts/row-five').published], ['scheduled', at]);
  assert.equal(ok(await call('author', 'content_read', { id: 'posts/row-five' })).status, 'scheduled');
  site.clock.now += 4 * 3600_000;
  assert.equal(ok(await call('author', 'content_read', { id: 'posts/row-five' })).status, 'published');
  refused(await call('author', 'content_publish', { id: 'posts/row-five', at: '2026-13-01 10:00' }), 'at "2026-13-01 10:00" is not a real date and time; use YYYY-MM-DD HH:MM, like 2026-05-01 19:30.');
  refused(await call('author', 'content_publish', { id: 'posts/row-five', at: 'tomorrow' }), 'at must be a time written YYYY-MM-DD HH:MM in the site time zone (Europe/Berlin), like 2026-05-01 19:30.');
  refused(await call('author', 'content_publish', { id: 'posts/row-five', at: '2020-01-01 10:00' }), `at (2020-01-01 10:00) is not in the future (now it is ${berlin()} in Europe/Berlin); leave at out to publish now.`);
});

test('row 6: draft -> content_publish in approval mode -> stays a draft with review set, answer waiting_for_approval', async () => {
  setApprovalMode(writeContext(), panelActor('admin'), true);
  try {
    draft('posts/row-six', 'ava');
    draft('posts/row-six-later', 'ava');
    const message = 'The site requires approval before anything is published. The entry stays a draft and is listed in the panel under Waiting for approval, where a person with the right publishes it. Tell the person it is waiting for approval.';
    assert.deepEqual(ok(await call('author', 'content_publish', { id: 'posts/row-six' })), { id: 'posts/row-six', status: 'waiting_for_approval', message, review: 'requested' });
    assert.deepEqual(ok(await call('author', 'content_publish', { id: 'posts/row-six-later', at: '2026-05-01 09:00' })), { id: 'posts/row-six-later', status: 'waiting_for_approval', message, review: 'scheduled 2026-05-01 09:00' });
    assert.deepEqual([front('posts/row-six').status, front('posts/row-six').review, front('posts/row-six').published], ['draft', 'requested', undefined]);
    assert.equal(front('posts/row-six-later').review, 'scheduled 2026-05-01 09:00');
    assert.equal(ok(await call('author', 'content_read', { id: 'posts/row-six' })).status, 'draft');
    // Even an administrator's assistant only asks.
    draft('posts/row-six-admin', 'ann');
    assert.equal(ok(await call('admin', 'content_publish', { id: 'posts/row-six-admin' })).status, 'waiting_for_approval');
    assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/row-six' })[0]!.action, 'request_review');
  } finally {
    setApprovalMode(writeContext(), panelActor('admin'), false);
  }
});

test('row 7: draft with review set -> a person with the right publishes in the panel -> published, review removed', async () => {
  const pending = () => listPendingReviews(site.deps.content).map((row) => `${row.entry.id} ${row.review}`).sort();
  assert.deepEqual(pending(), ['posts/row-six requested', 'posts/row-six-admin requested', 'posts/row-six-later scheduled 2026-05-01 09:00']);
  assert.throws(() => approveEntry(writeContext(), panelActor('contributor'), site.deps.content.entry('posts/row-six')!, 'en'),
    { message: 'Your role (contributor) may not publish this entry; leave it as a draft and ask an editor to publish it.' });
  assert.throws(() => approveEntry(writeContext(), panelActor('author'), site.deps.content.entry('posts/row-six-admin')!, 'en'),
    { message: 'Your role (author) may publish only your own entries, and posts/row-six-admin belongs to someone else.' });
  const now = approveEntry(writeContext(), panelActor('editor'), site.deps.content.entry('posts/row-six')!, 'en');
  assert.deepEqual(now, { id: 'posts/row-six', language: 'en', status: 'published', date: berlin() });
  assert.deepEqual([front('posts/row-six').status, front('posts/row-six').review, front('posts/row-six').published], ['published', undefined, berlin()]);
  const later = approveEntry(writeContext(), panelActor('editor'), site.deps.content.entry('posts/row-six-later')!, 'en');
  assert.deepEqual(later, { id: 'posts/row-six-later', language: 'en', status: 'scheduled', date: '2026-05-01 09:00' });
  assert.deepEqual(pending(), ['posts/row-six-admin requested']);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/row-six' })[0]!;
  assert.deepEqual([line.action, line.person, line.via, line.token], ['approve', 'bob', 'panel', null]);
});

test('row 8: published or scheduled -> content_unpublish -> draft', async () => {
  published('posts/row-eight', 'ava');
  writeEntry('posts/row-eight-scheduled', { title: 'S', status: 'scheduled', published: '2026-12-01 10:00', author: 'ava' });
  for (const id of ['posts/row-eight', 'posts/row-eight-scheduled']) {
    assert.deepEqual(ok(await call('author', 'content_unpublish', { id })), { id, status: 'draft' });
    assert.deepEqual([front(id).status, front(id).published], ['draft', undefined]);
    assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, 1);
  }
  assert.deepEqual(ok(await call('author', 'content_unpublish', { id: 'posts/row-eight' })), { id: 'posts/row-eight', status: 'draft', note: 'It was already a draft; nothing changed.' });
});

test('beyond the table: a scheduled translation published now, a pending review withdrawn by content_unpublish', async () => {
  writeEntry('posts/early', { title: 'Early', status: 'scheduled', published: '2026-12-01 10:00', author: 'ava' });
  const answer = ok(await call('author', 'content_publish', { id: 'posts/early' }));
  assert.deepEqual([answer.status, answer.date], ['published', berlin()]);
  refused(await call('author', 'content_publish', { id: 'posts/early', at: '2026-12-24 10:00' }), 'The en translation of posts/early is already published; call content_unpublish first to schedule it instead.');
  assert.deepEqual(ok(await call('author', 'content_publish', { id: 'posts/early' })), { id: 'posts/early', status: 'published', date: answer.date, url: 'http://127.0.0.1:8080/early', note: 'It was already published; nothing changed.' });
  writeEntry('posts/asked', { title: 'Asked', status: 'draft', author: 'ava', review: 'requested' });
  assert.deepEqual(ok(await call('author', 'content_unpublish', { id: 'posts/asked' })), { id: 'posts/asked', status: 'draft', note: 'The request for approval was withdrawn.' });
  assert.deepEqual([front('posts/asked').status, front('posts/asked').review], ['draft', undefined]);
  refused(await call('author', 'content_publish', { id: 'posts/asked', language: 'de' }), 'The entry posts/asked has no de translation (it has en). Call content_read to see its translations.');
});

test('approval mode is switched only by people with settings.manage', () => {
  assert.throws(() => setApprovalMode(writeContext(), panelActor('editor'), true), { message: "Your role (editor) may not change the site's settings." });
  assert.equal(site.deps.content.site().approvalMode, false);
});

// --- every role against own and others' entries ----------------------------------------------------

type Case = { tool: string; state: 'draft' | 'published'; mine: boolean };
const EDIT_TOOLS = ['content_update', 'content_style', 'media_upload'];

function expected(role: string, { tool, state, mine }: Case, id: string): string | null {
  const publishing = tool === 'content_publish' || tool === 'content_unpublish';
  if (publishing) {
    if (role === 'contributor') return `This token may not use the tool ${tool}: it needs the scope content:publish, which the role contributor of Carl Contributor does not offer. Ask an administrator about the role.`;
    if (role === 'author' && !mine) return `Your role (author) may publish only your own entries, and ${id} belongs to someone else.`;
    return null;
  }
  if (role === 'admin' || role === 'editor') return null;
  if (role === 'contributor' && !mine && state === 'draft') return `There is no entry with the id "${id}". Call content_list to see the entries' ids.`;
  if (!mine) return `Your role (${role}) may only change your own entries; ${id} belongs to someone else.`;
  if (role === 'contributor' && state === 'published') return `Your role (contributor) may not change ${id} because it is published; ask an editor, or work on a draft.`;
  return null;
}

function argsFor(tool: string, id: string): Record<string, unknown> {
  switch (tool) {
    case 'content_update': return { id, body: 'Changed by the matrix.' };
    case 'content_style': return { id, css: 'p { color: red }' };
    case 'media_upload': return { id, name: 'm.png', data: makePng(1, 1).toString('base64') };
    default: return { id };
  }
}

for (const role of ['admin', 'editor', 'author', 'contributor']) {
  test(`${role}: own and others' drafts and published entries, every writing tool`, async () => {
    const cases: Case[] = [];
    for (const tool of EDIT_TOOLS) for (const state of ['draft', 'published'] as const) for (const mine of [true, false]) cases.push({ tool, state, mine });
    for (const mine of [true, false]) {
      cases.push({ tool: 'content_publish', state: 'draft', mine });
      cases.push({ tool: 'content_unpublish', state: 'published', mine });
    }
    const created = ok(await call(role, 'content_create', { title: `Matrix ${role}` }));
    assert.deepEqual([front(created.id).author, front(created.id).via, front(created.id).status], [OWNER[role], 'mcp', 'draft']);
    for (const item of cases) {
      const id = `posts/m-${role}-${item.tool.replace('_', '-')}-${item.state}-${item.mine ? 'own' : 'other'}`;
      const author = item.mine ? OWNER[role]! : role === 'admin' ? 'bob' : 'ann';
      if (item.state === 'draft') draft(id, author); else published(id, author);
      const result = await call(role, item.tool, argsFor(item.tool, id));
      const sentence = expected(role, item, id);
      const label = `${role} ${item.tool} ${item.state} ${item.mine ? 'own' : 'other'}`;
      if (sentence === null) {
        assert.equal(result.isError, undefined, `${label}: ${result.content[0].text}`);
        const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id });
        assert.equal(history.length, 1, label);
        assert.equal(history[0]!.person, OWNER[role], label);
      } else {
        assert.equal(result.isError, true, `${label} was allowed`);
        assert.equal(result.content[0].text, sentence, label);
        assert.deepEqual(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id }), [], label);
        assert.equal(front(id).status, item.state, label);
      }
    }
  });
}
