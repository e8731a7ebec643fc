// The panel's pages about people and what they did, in German, over real HTTP: Waiting for approval (a
// waiting draft, a requested time, a change to a published entry), an entry's earlier versions and a
// comparison, History, Trash, Assistants (the clients' settings, a new token), Team (an invitation and reset
// links made), the pages those links open (before sign-in, by the browser's language) and the OAuth consent
// page. Each shows German words, and none of the English sentences of its words sections is left on it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { ENGLISH_PANEL_WORDS } from '../../dist/panel/words/en.js';
import { GERMAN_PANEL_WORDS } from '../../dist/panel/words/de.js';

const SECTIONS = ['approvals', 'assistants', 'history', 'trash', 'revisions', 'team', 'oauthConsent'] as const;

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;
let carl: Jar;

const idOf = (email: string) => site.deps.auth.accounts.list().find((account) => account.email === email)!.id;

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
  carl = await served.signIn('carl@example.org');
  // Both chose German on Your account: every page they open is drawn in it, whatever the browser asks.
  site.deps.auth.accounts.setLanguage(idOf('ann@example.org'), 'de');
  site.deps.auth.accounts.setLanguage(idOf('carl@example.org'), 'de');
  site.deps.auth.accounts.enableTotp(idOf('bob@example.org'));
  // A kept version of a published entry, then approval mode and approval_live on, then an assistant's
  // change to it and two drafts it asked to publish (one at a requested time).
  const admin = site.tokens.admin!;
  await callTool(site, http.url, admin, 'content_update', { id: 'posts/old-news', language: 'en', fields: { excerpt: 'First change.' } });
  for (const path of ['mode', 'live']) {
    const page = await get(panel, '/svc/panel/approvals', ann);
    assert.equal((await post(panel, `/svc/panel/approvals/${path}`, { csrf: csrfOf(page.text), mode: 'on' }, ann)).res.status, 303);
  }
  await callTool(site, http.url, admin, 'content_update', { id: 'posts/old-news', language: 'en', fields: { excerpt: 'Waiting change.' } });
  const ava = site.deps.auth.createToken({ ownerId: 'ava', name: 'Ava phone', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: 30 }).token;
  for (const [title, at] of [['Glacier walk', undefined], ['Summit day', '2026-04-01 09:00']] as const) {
    const created = (await callTool(site, http.url, ava, 'content_create', { title, body: `${title} text.` })).structuredContent;
    await callTool(site, http.url, ava, 'content_publish', { id: created.id, ...(at ? { at } : {}) });
  }
  // Two items in the trash: a media file and a translation.
  const trash = join(site.root, 'data', 'trash');
  const items = [
    { id: '20260310T100000000Z-000001', kind: 'media', entry: 'posts/hello', language: null, file: 'old.png', title: 'old.png' },
    { id: '20260310T100001000Z-000002', kind: 'translation', entry: 'posts/hello', language: 'de', file: null, title: 'Hallo' },
  ];
  for (const item of items) {
    mkdirSync(join(trash, item.id, 'file'), { recursive: true });
    writeFileSync(join(trash, item.id, 'item.json'), JSON.stringify({ ...item, deletedBy: idOf('ann@example.org'), deletedAt: '2026-03-10T10:00:00.000Z', wasPublic: false, authors: [] }));
  }
});
after(() => served.close());

/** The page's text with the entities esc() writes turned back into characters. */
const unescape = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * The English pieces of these sections (the text between `{marks}`, of two words or more) that are on the page;
 * a word German writes the same ("CSS (style.css)") is not counted.
 */
function englishLeft(html: string): string[] {
  const text = unescape(html);
  const found: string[] = [];
  const walk = (english: unknown, german: unknown) => {
    if (typeof english === 'string') {
      if (english === german) return;
      for (const piece of english.split(/\{[a-zA-Z]+\}/).map((part) => part.trim())) {
        // Whole words only: "Token name" is not left in "ein Token namens".
        const whole = new RegExp(`(?<![\\p{L}])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');
        if ((piece.match(/[A-Za-z]+/g) ?? []).length > 1 && whole.test(text)) found.push(piece);
      }
      return;
    }
    for (const key of Object.keys(english as object)) walk((english as Record<string, unknown>)[key], (german as Record<string, unknown>)[key]);
  };
  for (const section of SECTIONS) walk(ENGLISH_PANEL_WORDS[section], GERMAN_PANEL_WORDS[section]);
  return found;
}

/** A German page: its language, the words expected, and no English sentence of these sections. */
function assertGerman(page: { res: Response; text: string }, status: number, expected: RegExp[]): void {
  assert.equal(page.res.status, status, page.text.slice(0, 500));
  assert.match(page.text, /<html lang="de">/);
  for (const pattern of expected) assert.match(page.text, pattern);
  assert.deepEqual(englishLeft(page.text), [], 'English words left on the German page');
}

test('Waiting for approval in German: the rows, the requested time, the change to a published entry, the switches', async () => {
  const page = await get(panel, '/svc/panel/approvals', ann);
  assertGerman(page, 200, [
    /<h1>Zur Freigabe<\/h1>/, /<dt>Angefragt von<\/dt><dd>Ava Author, über Assistent \(Token „Ava phone“\)<\/dd>/,
    /Nie veröffentlicht\./, />Jetzt veröffentlichen<\/button>/, />Am 2026-04-01 09:00 veröffentlichen<\/button>/,
    /<h2>Änderungen an veröffentlichten Einträgen<\/h2>/, />Änderung veröffentlichen<\/button>/, /höchstens 1000 Zeichen/,
    />Freigabemodus ausschalten<\/button>/,
  ]);
  const notice = await get(panel, '/svc/panel/approvals?mode=on', ann);
  assertGerman(notice, 200, [/Der Freigabemodus ist jetzt an\./]);
  assertGerman(await get(panel, '/svc/panel/approvals?change-published=posts/old-news', ann), 200, [/posts\/old-news: Die Änderung wurde veröffentlicht\./]);
});

test('an entry\'s earlier versions and a comparison in German', async () => {
  const list = await get(panel, '/svc/panel/revisions?id=posts/old-news', ann);
  assertGerman(list, 200, [/<h2>Text \(en\)<\/h2>/, /Geschrieben von/, />Mit jetzt vergleichen<\/a>/, /über|Verwaltung|Assistent/]);
  const diff = /href="(\/svc\/panel\/revisions\/diff\?[^"]+)"/.exec(list.text)![1]!.replaceAll('&amp;', '&');
  const compared = await get(panel, diff, ann);
  assertGerman(compared, 200, [/<h1>Vergleich mit jetzt: der am \d{4}-\d\d-\d\d \d\d:\d\d aufbewahrte Text \(en\)<\/h1>/, />Diese Version wiederherstellen<\/button>/, /<th scope="col">Feld<\/th>/]);
  assertGerman(await get(panel, '/svc/panel/revisions?id=posts/nothing-here', ann), 404, [/Eintrag nicht gefunden/]);
});

test('History in German: the filters, the table, a refused filter', async () => {
  assertGerman(await get(panel, '/svc/panel/history', ann), 200, [/<h1>Verlauf<\/h1>/, /<option value="mcp">Assistent \(MCP\)<\/option>/, /<th scope="col">Aktion<\/th>/, /<td>Freigabe anfragen<\/td>/, /<td>Ändern<\/td>/, /Assistent \(Token „test admin“\)/]);
  assertGerman(await get(panel, '/svc/panel/history?entry=posts/old-news', ann), 200, [/Frühere Versionen von posts\/old-news, mit Vergleich und Wiederherstellen/]);
  assertGerman(await get(panel, '/svc/panel/history?via=fax', ann), 422, [/„Über“ muss mcp, panel oder schedule sein\./]);
});

test('Trash in German: the items, counted, and emptying it', async () => {
  const page = await get(panel, '/svc/panel/trash', ann);
  assertGerman(page, 200, [/2 Elemente\./, /eine Mediendatei von posts\/hello/, /posts\/hello, die Übersetzung \(de\)/, /Alle 2 Elemente endgültig löschen/, />Endgültig löschen<\/button>/]);
  assertGerman(await get(panel, '/svc/panel/trash?done=trashed&n=3', ann), 200, [/3 Einträge wurden in den Papierkorb verschoben\./]);
  const refused = await post(panel, '/svc/panel/trash/empty', { csrf: csrfOf(page.text) }, ann);
  assertGerman(refused, 400, [/Nicht geleert/]);
});

test('Assistants in German: every client\'s settings and the warning, a new token, the scopes described', async () => {
  const page = await get(panel, '/svc/panel/assistants', ann);
  assertGerman(page, 200, [
    /<h2 id="connect">Einen Assistenten verbinden<\/h2>/, /<h3>Jeder Client<\/h3>/, /<h3>Claude Desktop<\/h3>/,
    /verbindet sich von den Servern seines Herstellers im Internet/, /127\.0\.0\.1 ist eine Loopback-Adresse/,
    /<small>Entwürfe, Stile und Bilder anlegen und ändern<\/small>/, /<option value="1y">Ein Jahr<\/option>/, /Zuletzt benutzt/,
  ]);
  const created = await post(panel, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'Laptop', scopes: ['content:read'], expiry: '30d' }, ann);
  assertGerman(created, 201, [/Ihr neues Token: Laptop/, /Das Token „Laptop“ wurde erstellt\./, /Der Server heißt <code>test-alps<\/code>/]);
  const refused = await post(panel, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'Laptop', scopes: ['content:read'], expiry: 'soon' }, ann);
  assertGerman(refused, 422, [/Wählen Sie, wann das Token abläuft/]);
});

test('Team in German: people, an invitation and a reset link made, and the pages they open before sign-in', async () => {
  const page = await get(panel, '/svc/panel/team', ann);
  assertGerman(page, 200, [/<h1>Team<\/h1>/, /Zwei-Faktor-Anmeldung an · 1 Token</, /Zwei-Faktor-Anmeldung aus · 3 Tokens/, />Einladungslink erstellen<\/button>/]);
  const invited = await post(panel, '/svc/panel/team/invite', { csrf: csrfOf(page.text), email: 'dora@example.org', role: 'author' }, ann);
  assertGerman(invited, 201, [/Einladung für dora@example\.org erstellt\./, /einmal, 7 Tage lang/]);
  const join = /<pre class="secret">([^<]+)<\/pre>/.exec(invited.text)![1]!.replaceAll('&amp;', '&').replace(site.deps.config.baseUrl, '');
  const reset = await post(panel, '/svc/panel/team/reset-link', { csrf: csrfOf(page.text), account: idOf('bob@example.org'), what: 'two_factor' }, ann);
  assertGerman(reset, 201, [/<h2 id="made">Zwei-Faktor-Anmeldung zurücksetzen für Bob Editor<\/h2>/]);
  const resetPath = /<pre class="secret">([^<]+)<\/pre>/.exec(reset.text)![1]!.replaceAll('&amp;', '&').replace(site.deps.config.baseUrl, '');
  assertGerman(await get(panel, '/svc/panel/team', ann), 200, [/Einladung für dora@example\.org als author/, /bis 2026-03-17/]);
  assertGerman(await post(panel, '/svc/panel/team/remove', { csrf: csrfOf(page.text), account: idOf('bob@example.org') }, ann), 422, [/Kreuzen Sie das Kästchen an, um zu bestätigen, dass Bob Editor entfernt wird\./]);
  // Before sign-in the browser's language chooses.
  const german = { 'accept-language': 'de-CH, de;q=0.9' };
  const open = async (path: string) => {
    const res = await fetch(panel.url + path, { headers: german });
    return { res, text: await res.text() };
  };
  assertGerman(await open(join), 200, [/<h1>Dem Team beitreten<\/h1>/, /als <strong>author<\/strong> mit der E-Mail-Adresse <strong>dora@example\.org<\/strong>/, /\(mindestens 10 Zeichen\)/]);
  assertGerman(await open(resetPath), 200, [/<h1>Zwei-Faktor-Anmeldung zurücksetzen<\/h1>/, />Zwei-Faktor-Anmeldung ausschalten<\/button>/]);
  assertGerman(await open('/svc/panel/join?link=nothing'), 404, [/Dieser Link funktioniert nicht/, /Diese Einladung wurde schon benutzt/]);
  assertGerman(await open('/svc/panel/reset?link=nothing'), 404, [/Dieser Link zum Zurücksetzen wurde schon benutzt/]);
});

test('the OAuth consent page in German, with a right the role does not allow', async () => {
  const registered = await fetch(`${panel.url}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Test Assistant', redirect_uris: ['http://127.0.0.1:4567/callback'] }) });
  assert.equal(registered.status, 201);
  const client = (await registered.json()).client_id as string;
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code', client_id: client, redirect_uri: 'http://127.0.0.1:4567/callback', code_challenge: challenge,
    code_challenge_method: 'S256', state: 'xyz', scope: 'content:read content:publish', resource: `${site.deps.config.baseUrl}/svc/mcp`,
  });
  const page = await get(panel, `/svc/oauth/authorize?${query}`, carl);
  assertGerman(page, 200, [
    /<h1>„Test Assistant“ verbinden\?<\/h1>/, /<strong>Test Assistant<\/strong> möchte in Ihrem Namen/, /Inhalte lesen, auch Entwürfe <small>Angefragt<\/small>/,
    /Es hat auch <span class="tag">content:publish<\/span> angefragt/, /30 Tage gültig/, />Ablehnen<\/button>/,
  ]);
  const fields = Object.fromEntries([...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]));
  assertGerman(await post(panel, '/svc/oauth/authorize', { ...fields, decision: 'allow' }, carl), 400, [/Wählen Sie mindestens ein Recht, oder lehnen Sie ab\./]);
  assertGerman(await post(panel, '/svc/oauth/authorize', { ...fields, grant: 'content:publish', decision: 'allow' }, carl), 403, [/Ihre Rolle erlaubt es nicht, das Recht content:publish zu geben\./]);
});
