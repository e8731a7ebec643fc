// The Content pages in German, through the real server with `Accept-Language: de`: the list (filters, rows,
// the bulk bar, the pages, an empty result, a refused filter), a bulk result, an entry's page (facts, edit
// form, category fields, cards, media, style, share preview, a waiting request), a new preview link, New
// entry (a post and a page), "Move to the trash?" (an entry with its media, one file) and a change refused
// by a rule of writing. Each page has its German words, and no English sentence of the Content section is
// left on it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, post } from '../helpers/panel-harness.ts';
import { seenOf } from '../helpers/panel-harness.ts';
import { entry } from '../helpers/write-site.ts';
import { makePng } from '../helpers/images.ts';
import { editForm } from '../helpers/panel-forms.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { ENGLISH_PANEL_WORDS } from '../../dist/panel/words/en.js';
import { esc } from '../../dist/panel/html.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let ann: Jar;
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9' };

before(async () => {
  site = await makeTestSite();
  const media = join(site.root, 'content/media/posts/hike-day');
  mkdirSync(media, { recursive: true });
  writeFileSync(join(media, 'summit.png'), makePng(120, 80));
  writeFileSync(join(media, 'summit-60w.png'), makePng(60, 40));
  site.writeEntry('content/posts/hike-day/en.md', entry({ title: 'Hike day', status: 'published', published: '2026-03-05 10:00', author: 'bob', category: 'events', start: '2026-04-01 08:00', location: 'Bolzano', cover: 'media/posts/hike-day/summit.png' }, '![Summit](media/posts/hike-day/summit.png)'));
  site.writeEntry('content/posts/waiting/en.md', entry({ title: 'Waiting for a yes', status: 'draft', date: '2026-03-07 10:00', author: 'ava', via: 'mcp', review: 'requested' }, 'Please.\n\n::: map\n:::'));
  // 51 recipes: two pages of the list.
  for (let n = 0; n < 50; n++) site.writeEntry(`content/recipes/dish-${n}/en.md`, entry({ title: `Dish ${n}`, status: 'draft', date: '2026-02-01 10:00', author: 'ann' }, 'Cook.'));
  ({ panel } = served = await serveTestSite({ site }));
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

async function german(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(panel.url + path, { redirect: 'manual', headers: { cookie: ann.header(), ...GERMAN } });
  return { status: res.status, text: await res.text() };
}

/**
 * Every English sentence of the Content section (the parts between `{marks}` with two words or more),
 * as a page would carry it (escaped). Words English and German share are left out by having one word;
 * so are parts the site's own English content says too (a card's description: "A quotation with its author.").
 */
const IN_SITE_CONTENT = new Set(['with its']);
function englishSentences(): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const part of value.split(/\{[a-zA-Z]+\}/)) {
        const trimmed = part.trim();
        if ((trimmed.match(/[A-Za-z]{2,}/g) ?? []).length >= 2 && !IN_SITE_CONTENT.has(trimmed)) found.add(trimmed);
      }
      return;
    }
    for (const inner of Object.values(value as object)) walk(inner);
  };
  walk(ENGLISH_PANEL_WORDS.entries);
  return [...found];
}
const ENGLISH = englishSentences();

function assertNoEnglish(page: string, where: string): void {
  const left = ENGLISH.filter((sentence) => page.includes(sentence) || page.includes(esc(sentence)));
  assert.deepEqual(left, [], `English left on ${where}`);
}

test('the English list of sentences the check looks for is the section\'s (a check that finds nothing cannot pass by accident)', async () => {
  assert.ok(ENGLISH.length > 150, `${ENGLISH.length} sentences`);
  const english = await fetch(`${panel.url}/svc/panel/entries?status=draft`, { headers: { cookie: ann.header() } });
  const text = await english.text();
  assert.ok(ENGLISH.filter((sentence) => text.includes(esc(sentence))).length >= 5, 'the English page has the sentences the check looks for');
});

test('the Content list in German: filters, rows, the bulk bar, counts, pages, an empty result and a refused filter', async () => {
  const list = await german('/svc/panel/entries?status=draft&sort=title');
  assert.equal(list.status, 200);
  assert.match(list.text, /<html lang="de">/);
  assert.match(list.text, /<h1>Inhalte<\/h1><a class="button" href="\/svc\/panel\/entries\/new\?type=post">Neuer Eintrag<\/a>/);
  assert.match(list.text, /<form class="card filters"[^>]* role="search" aria-label="Einträge finden"/);
  assert.match(list.text, /<label for="q">Suchen<\/label>/);
  assert.match(list.text, /<option value="draft" selected>Entwurf<\/option>/);
  assert.match(list.text, /<option value="any">Jeder Status<\/option>/);
  assert.match(list.text, /<option value="title" selected>Titel, A bis Z<\/option>/);
  assert.match(list.text, /<button type="submit">Anwenden<\/button>/);
  assert.match(list.text, /<span class="tag listed">en: Entwurf, wartet auf Freigabe<\/span>/);
  assert.match(list.text, /von Ava Author · 2026-03-07/);
  assert.match(list.text, /aria-label="Bob draft auswählen"/);
  assert.match(list.text, /Ausgewählte veröffentlichen \(en\)<\/button>/);
  assert.match(list.text, /Ausgewählte Einträge in den Papierkorb legen …<\/button>/);
  assert.match(list.text, /<p class="muted" id="entries-count">3 Einträge\.<\/p>/);
  assertNoEnglish(list.text, 'the list');

  const pages = await german('/svc/panel/entries?type=recipe');
  assert.match(pages.text, /<nav aria-label="Seiten der Liste"><p class="muted" id="entries-count">Seite 1 von 2 \(51 Einträge\)\. <a href="[^"]+" rel="next">Ältere<\/a>/);
  const byTitle = await german('/svc/panel/entries?type=recipe&sort=title&page=2');
  assert.match(byTitle.text, /Seite 2 von 2 \(51 Einträge\)\. <a href="[^"]+" rel="prev">Zurück<\/a>/);
  assert.match(byTitle.text, /id="entries-count">[^<]*<a[^>]*>Zurück<\/a><\/p>/);
  assertNoEnglish(pages.text, 'the second page');

  const none = await german('/svc/panel/entries?status=scheduled&q=zebra');
  assert.match(none.text, /Keine Einträge vom Typ „posts“ mit dem Status „geplant“, die zu „zebra“ passen\./);
  const refused = await german('/svc/panel/entries?sort=random');
  assert.equal(refused.status, 422);
  assert.match(refused.text, /Die Sortierung muss eine der folgenden sein: date, title, status\./);
  assertNoEnglish(refused.text, 'a refused filter');
});

test('a bulk publish says in German what happened to each chosen entry', async () => {
  const list = await german('/svc/panel/entries');
  const done = await post(panel, '/svc/panel/entries/bulk', { csrf: csrfOf(list.text), action: 'publish', language: 'en', back: 'type=post', id: ['posts/bobs-draft', 'posts/nope'], seen: seenOf(list.text) }, ann, GERMAN);
  assert.equal(done.res.status, 200);
  assert.match(done.text, /<h1>Veröffentlichen \(en\): Was geschehen ist<\/h1>/);
  assert.match(done.text, /<p class="notice warn" role="status">Erledigt für 1; 1 abgelehnt \(die Gründe stehen unten\)\.<\/p>/);
  assert.match(done.text, /data-id="posts\/bobs-draft">[^]*?<p>Veröffentlicht\.<\/p>/);
  assert.match(done.text, /<strong>Abgelehnt:<\/strong> Diesen Eintrag gibt es nicht, oder Sie dürfen ihn nicht sehen\./);
  assert.match(done.text, />Zurück zur Liste<\/a>/);
  assertNoEnglish(done.text, 'the bulk result');
  const again = await post(panel, '/svc/panel/entries/bulk', { csrf: csrfOf(list.text), action: 'unpublish', language: 'en', id: ['posts/bobs-draft'], seen: seenOf((await german('/svc/panel/entries')).text) }, ann, GERMAN);
  assert.match(again.text, /Erledigt für 1 ausgewählten Eintrag\./);
  assert.match(again.text, /Zurückgezogen: Er ist jetzt ein Entwurf\./);
  const none = await post(panel, '/svc/panel/entries/bulk', { csrf: csrfOf(list.text), action: 'publish', language: 'en' }, ann, GERMAN);
  assert.equal(none.res.status, 422);
  assert.match(none.text, /Wählen Sie zuerst mindestens einen Eintrag in der Liste aus\./);
});

test('an entry\'s page in German: facts, the edit form, category fields, media, style and share preview', async () => {
  const page = await german('/svc/panel/entries/posts/hike-day');
  assert.equal(page.status, 200);
  for (const expected of [
    /<dt>Titel<\/dt><dd>Hike day<\/dd><dt>Status<\/dt><dd>veröffentlicht<\/dd>/,
    /<dt>Prüfung<\/dt><dd>keine<\/dd>/,
    />Vorschau öffnen<\/a> <span class="muted">\(wie gespeichert; nur für das Team\)<\/span>/,
    />Verlauf<\/a> · <a [^>]+>Frühere Versionen<\/a> · <a [^>]+>Alle Inhalte<\/a> · <a [^>]+>In den Papierkorb legen …<\/a>/,
    /<label for="slug-en">Slug <span class="muted">\(der letzte Teil der Adresse; leer: hike-day\)<\/span><\/label>/,
    /<label for="cover-en">Titelbild <span class="muted">\(aus den Medien des Eintrags weiter unten\)<\/span><\/label>/,
    /<option value="">\(kein Titelbild\)<\/option>/,
    /<label for="en-category">Kategorie<\/label>/,
    /<legend>Events: ihre Felder \(nur bei der Kategorie Events\)<\/legend>/,
    /Start <span class="required">\(Pflichtfeld\)<\/span>/,
    /<button type="submit">Speichern<\/button>/,
    />Zurückziehen<\/button>/,
    /<summary>Karten für den Text<\/summary>/,
    /Angaben: src: Image \(Pflicht\); alt: Alternative text \(Pflicht\)/,
    /<h2>Medien<\/h2>/,
    /120 × 80 Pixel/,
    /Auch in einer weiteren Breite: 60 px \(\d+ Bytes\)/,
    /placeholder="Was das Bild zeigt"/,
    />Als Titelbild setzen<\/button>/,
    />summit\.png löschen …<\/a>/,
    /<h2>Stil<\/h2><p class="muted">style\.css gilt für die Seiten dieses Eintrags in jeder Sprache, innerhalb von &lt;main&gt;\.[^<]*<code>url\(media\/…\)<\/code>/,
    /<h2 id="share-title">Vorschau teilen<\/h2>/,
    /<option value="en:now">English \(en\): der Text, wie er jetzt ist/,
    /<option value="24" selected>1 Tag<\/option>/,
    /<option value="168">7 Tage<\/option>/,
    /Keine offenen Vorschau-Links\./,
  ]) assert.match(page.text, expected);
  assertNoEnglish(page.text, 'an entry\'s page');

  const waiting = await german('/svc/panel/entries/posts/waiting');
  assert.match(waiting.text, /<dd>Entwurf, wartet auf Freigabe<\/dd>/);
  assert.match(waiting.text, /<p>Wartet auf Freigabe \(requested\): Beantworten Sie die Anfrage unter <a href="\/svc\/panel\/approvals">Zur Freigabe<\/a>, oder veröffentlichen Sie hier\.<\/p>/);
  assert.match(waiting.text, /<label for="at-en">Später veröffentlichen/);
  assert.match(waiting.text, /<dt>Angelegt<\/dt><dd>von einem Assistenten \(via: mcp\)<\/dd>/);
  assert.match(waiting.text, /In Karten im gespeicherten Text fehlen Pflichtangaben: map \(place\)\. Füllen Sie sie vor dem Veröffentlichen aus\./);
  assertNoEnglish(waiting.text, 'a waiting entry\'s page');

  const two = await german('/svc/panel/entries/posts/hello');
  assert.match(two.text, />Diese Übersetzung löschen …<\/a>/);
  assertNoEnglish(two.text, 'an entry with two translations');

  const saved = await german('/svc/panel/entries/posts/hike-day?done=saved&language=de');
  assert.match(saved.text, /Deutsch \(de\) wurde gespeichert\./);
});

test('a preview link made from the German page is shown in German', async () => {
  const page = await german('/svc/panel/entries/posts/hike-day');
  const made = await post(panel, '/svc/panel/preview-links', { csrf: csrfOf(page.text), id: 'posts/hike-day', what: 'en:latest', hours: '72' }, ann, GERMAN);
  assert.equal(made.res.status, 201);
  assert.match(made.text, /<h1>Vorschau-Link für Hike day<\/h1>/);
  assert.match(made.text, /Kopieren Sie den Link jetzt: Er wird nur einmal gezeigt\. Wer ihn hat, sieht den zuletzt gespeicherten Text, ohne Anmeldung, bis 2026-03-13 13:00 \(Europe\/Berlin\)\./);
  assertNoEnglish(made.text, 'the new preview link');
  const listed = await german('/svc/panel/entries/posts/hike-day');
  assert.match(listed.text, /<caption>Offene Vorschau-Links<\/caption>/);
  assert.match(listed.text, /<th scope="col">Erstellt \(Europe\/Berlin\)<\/th>/);
  assert.match(listed.text, /aria-label="Den Link widerrufen, den Ann Admin am 2026-03-10 13:00 erstellt hat">Widerrufen<\/button>/);
  assertNoEnglish(listed.text, 'an entry with a preview link');
});

test('New entry in German, for a post with categories and for a page under a parent', async () => {
  const postPage = await german('/svc/panel/entries/new?type=post');
  assert.equal(postPage.status, 200);
  assert.match(postPage.text, /<h1>Neuer Eintrag in Posts<\/h1><p class="muted">Etwas anderes: /);
  assert.match(postPage.text, /<label for="new-slug">Slug <span class="muted">\(optional; leer wird er aus dem Titel gebildet\)<\/span><\/label>/);
  assert.match(postPage.text, /<label for="new-tags">Schlagwörter/);
  assert.match(postPage.text, /<option value="" selected>\(keine\)<\/option>/);
  assert.match(postPage.text, /<button type="submit">Entwurf anlegen<\/button>/);
  assertNoEnglish(postPage.text, 'New entry (post)');
  const pagePage = await german('/svc/panel/entries/new?type=page');
  assert.match(pagePage.text, /<label for="new-parent">Übergeordnete Seite<\/label><select id="new-parent" name="parent"><option value="" selected>\(keine: eine Seite der obersten Ebene\)<\/option>/);
  assertNoEnglish(pagePage.text, 'New entry (page)');
  const refused = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(pagePage.text), type: 'page', title: 'Unter', language: 'en', parent: 'pages/nope' }, ann, GERMAN);
  assert.equal(refused.res.status, 422);
  assert.match(refused.text, /Wählen Sie die übergeordnete Seite aus der Liste, oder keine für eine Seite der obersten Ebene\./);
  const noType = await german('/svc/panel/entries/new?type=nope');
  assert.equal(noType.status, 404);
  assert.match(noType.text, /Diesen Typ gibt es nicht/);
});

test('"Move to the trash?" in German: an entry with its translations and media, and one file still in use', async () => {
  const whole = await german('/svc/panel/entries/delete?id=posts/hello');
  assert.equal(whole.status, 200);
  assert.match(whole.text, /<h1>In den Papierkorb legen\?<\/h1><section class="card"><p>Was in den Papierkorb kommt, verschwindet sofort[^<]*<a href="\/svc\/panel\/trash">Papierkorb<\/a> wiederherstellen/);
  assert.match(whole.text, /<span class="tag">en: veröffentlicht<\/span>/);
  assert.match(whole.text, /<span class="tag">de: Entwurf<\/span>/);
  assert.match(whole.text, /mit seinen 2 Mediendateien/);
  assert.match(whole.text, /<button type="submit" class="danger">In den Papierkorb legen<\/button> <a href="\/svc\/panel\/entries">Abbrechen<\/a>/);
  assertNoEnglish(whole.text, 'the trash question for an entry');

  const file = await german('/svc/panel/entries/delete?id=posts/hike-day&file=summit.png');
  assert.match(file.text, /Die Datei <code>summit\.png<\/code> von <a href="\/svc\/panel\/entries\/posts\/hike-day">Hike day<\/a>/);
  assert.match(file.text, /Noch in Gebrauch: /);
  assert.match(file.text, /<li><code>media\/posts\/hike-day\/summit\.png<\/code> wird verwendet in <a href="\/svc\/panel\/entries\/posts\/hike-day">Hike day/);
  assert.match(file.text, />Trotzdem in den Papierkorb legen<\/button>/);
  assertNoEnglish(file.text, 'the trash question for a file');

  const translation = await german('/svc/panel/entries/delete?id=posts/hike-day&language=de');
  assert.match(translation.text, /hike-day hat keine Übersetzung „de“\./);
  assert.match(translation.text, /Nichts hiervon dürfen Sie löschen\./);
  const nothing = await german('/svc/panel/entries/delete');
  assert.equal(nothing.status, 400);
  assert.match(nothing.text, /Wählen Sie zuerst einen oder mehrere Einträge in der Liste der Inhalte aus\./);
});

test('a change refused by a rule of writing is said in German, never in the assistant\'s words', async () => {
  const form = editForm((await german('/svc/panel/entries/posts/hike-day')).text);
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ category: 'zzz' }, 'save', 'Die Website hat keine Kategorie „zzz“. Wählen Sie eine ihrer Kategorien (journal, events).'],
    [{ title: 'T'.repeat(900_000) }, 'save', 'Der Titel ist 900.000 Zeichen lang; ein Titel hat höchstens 300.'],
    [{ title: 'Zwei\nZeilen' }, 'save', 'Der Titel muss eine Zeile sein: Entfernen Sie die Zeilenumbrüche.'],
    [{ at: 'morgen' }, 'publish', 'Die Zeit unter „Später veröffentlichen“ muss ein Datum mit Uhrzeit wie 2026-05-01 19:30 sein, in der Zeitzone der Website (Europe/Berlin).'],
    [{ at: '2020-01-01T10:00' }, 'publish', 'Die Zeit unter „Später veröffentlichen“ (2020-01-01 10:00) liegt nicht in der Zukunft: Jetzt ist es '],
  ];
  for (const [changes, action, sentence] of cases) {
    const answer = await post(panel, `/svc/panel/entries/${action}`, { ...form, ...changes }, ann, GERMAN);
    assert.equal(answer.res.status, 422, sentence);
    assert.ok(answer.text.includes(`<p class="notice error" role="alert">${esc(sentence)}`), sentence);
    assert.doesNotMatch(answer.text, /site_info|leave at out|\bat must\b/);
  }
});
