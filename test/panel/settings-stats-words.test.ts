// Issue 38 point 6 for Settings, Site check, Webhooks and the Statistics pages (dashboard, whole tables,
// goals, funnel, import, shared links and the shared page): each drawn over HTTP for a browser asking for
// German, with data in it, says its words in German, writes numbers, days and countries as German does, and
// leaves none of its English sentences behind (the English pages are the areas' own tests).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { csrfOf, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { ENGLISH_PANEL_WORDS } from '../../dist/panel/words/en.js';
import { GERMAN_PANEL_WORDS } from '../../dist/panel/words/de.js';
import { SharedLinkStore } from '../../dist/stats/shared-links.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let jar: Jar;
let endpointId: string;
let shareToken: string;

const SECTIONS = ['settings', 'siteCheck', 'webhooks', 'stats', 'statsGoals', 'statsFunnel', 'statsImport', 'statsShared'] as const;

/** Every English sentence part of these sections that says something (two words or more) and differs in German. */
function englishParts(): string[] {
  const parts = new Set<string>();
  const walk = (english: unknown, german: unknown): void => {
    if (typeof english === 'string') {
      if (english === german) return;
      for (const part of english.split(/\{[a-zA-Z]+\}/)) {
        const text = part.trim().replace(/^[(,;:.]+\s*|\s*[),;:.]+$/g, '');
        if (text.split(/\s+/).length >= 2) parts.add(text);
      }
      return;
    }
    for (const key of Object.keys(english as object)) walk((english as Record<string, unknown>)[key], (german as Record<string, unknown>)[key]);
  };
  for (const section of SECTIONS) walk(ENGLISH_PANEL_WORDS[section], GERMAN_PANEL_WORDS[section]);
  return [...parts];
}
const ENGLISH = englishParts();

/** The page as its reader gets it: the markup's character references read (attributes count: screen readers say them). */
const decoded = (html: string) => html.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function german(path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const headers = { cookie: jar.header(), 'accept-language': 'de-DE,de;q=0.9,en;q=0.5', ...(init.headers as Record<string, string> | undefined) };
  const res = await fetch(panel.url + path, { redirect: 'manual', ...init, headers });
  return { status: res.status, text: await res.text() };
}

/** A page in German: its language, the German words asked for, and no English sentence of these sections. */
async function assertGerman(path: string, words: readonly (string | RegExp)[], status = 200): Promise<string> {
  const page = await german(path);
  assert.equal(page.status, status, `${path}: ${page.text.slice(0, 300)}`);
  assert.match(page.text, /<html lang="de">/, path);
  const text = decoded(page.text);
  for (const word of words) {
    if (typeof word === 'string') assert.ok(text.includes(word), `${path} lacks “${word}”`);
    else assert.match(text, word, path);
  }
  const left = ENGLISH.filter((part) => text.includes(part));
  assert.deepEqual(left, [], `${path} still says in English: ${left.join(' | ')}`);
  return text;
}

before(async () => {
  site = await makeTestSite();
  seedStats(site.deps.stats, site.deps.content, { days: 100, pageviewsPerDay: 30, rawDays: 1, seed: 11 });
  site.deps.stats.goals.add({ kind: 'page', name: 'Hallo gelesen', pattern: '/hello' });
  endpointId = site.deps.webhooks.create({ url: 'https://hooks.example.org/svc', events: ['entry.published', 'media.added'], drafts: false, filters: {} }).endpoint.id;
  ({ panel } = served = await serveTestSite({ site }));
  jar = await served.signIn('ann@example.org');
  const shares = await german('/svc/panel/stats/shares');
  const made = await german('/svc/panel/stats/shares', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: csrfOf(shares.text), name: 'Für den Vorstand', password: '', filters: 'country:DE' }).toString(),
  });
  assert.equal(made.status, 200, made.text.slice(0, 300));
  assert.match(made.text, /Der Link wurde erstellt\./);
  shareToken = /\/svc\/panel\/shared\/([^"]+)"/.exec(made.text)![1]!;
});
after(() => served.close());

test('there are English sentences to look for, and none of them is the German one', () => {
  assert.ok(ENGLISH.length > 300, String(ENGLISH.length));
  assert.ok(ENGLISH.includes('Download every table of these days') || ENGLISH.some((part) => part.startsWith('Download every table')));
});

test('every Settings section is German', async () => {
  await assertGerman('/svc/panel/settings', ['<h1>Einstellungen</h1>', 'Allgemein', 'Zeitzone', 'Einstellungen speichern', 'aria-label="Bereiche der Einstellungen"', '<title>Allgemein · Einstellungen']);
  await assertGerman('/svc/panel/settings/types', ['Inhaltstypen speichern', '(/<ordner>/<slug>)', 'in jeder Website', 'Typ hinzufügen']);
  await assertGerman('/svc/panel/settings/categories', ['Kategorie hinzufügen', /\d+ Beitr(ag|äge)/, 'Datiert: Jeder Beitrag hat eine Anfangszeit']);
  await assertGerman('/svc/panel/settings/categories/journal', ['Die Kategorie <code>journal</code>', 'Kategorie speichern', 'Kategorie entfernen', 'In allen Sprachen gleich', 'Name des neuen Felds']);
  await assertGerman('/svc/panel/settings/navigation', ['Navigation speichern', 'Ein eigenes Menü, unten', 'Links des Menüs']);
  await assertGerman('/svc/panel/settings/consent', ['Eingebettete Dienste', 'Link zur Datenschutzerklärung', 'Einwilligungseinstellungen speichern']);
  await assertGerman('/svc/panel/settings/statistics', ['Außerdem erfassen', 'Klicks auf Links zu anderen Websites', '„Outbound Link: Click“', 'Statistikeinstellungen speichern']);
  await assertGerman('/svc/panel/settings/categories/nope', ['Nicht gefunden', 'Die Website hat keine Kategorie „nope“.'], 404);
});

test('a refused setting is said in German, and the form comes back in German', async () => {
  const page = await german('/svc/panel/settings');
  const sent = await german('/svc/panel/settings', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: csrfOf(page.text), version: 'x', title: 'T', url: 'https://example.org', timezone: 'UTC', languages: 'en English', default_language: 'en' }).toString(),
  });
  assert.equal(sent.status, 422);
  assert.match(decoded(sent.text), /Schreiben Sie jede Sprache als Kürzel = Name \(„en English“ hat kein =\)\./);
  const nav = await german('/svc/panel/settings/navigation');
  const badMenu = await german('/svc/panel/settings/navigation', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: csrfOf(nav.text), version: 'x', 'mode:en': 'own', 'links:en': 'no equals sign' }).toString(),
  });
  assert.match(decoded(badMenu.text), /Schreiben Sie jeden Link des Menüs en als Titel = \/pfad \(„no equals sign“ ist das nicht\)/);
});

test('the Site check and Webhooks are German', async () => {
  await assertGerman('/svc/panel/check', ['<h1>Website-Prüfung</h1>', '<code>svc check</code> listet dasselbe', 'Suchindex', 'Jetzt jeden Eintrag mit der Festplatte vergleichen', /(Keine Probleme in|Probleme? in) /]);
  const check = await german('/svc/panel/check');
  const reindexed = await german('/svc/panel/check/reindex', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf: csrfOf(check.text) }).toString(),
  });
  assert.match(decoded(reindexed.text), /(Alle \d+ Einträge in \d+,\d s aus ihren Dateien gelesen|\d+ Einträge in \d+,\d s mit der Festplatte verglichen)/);
  await assertGerman('/svc/panel/webhooks', ['<h1>Webhooks</h1>', 'Endpunkt hinzufügen', 'Eintrag veröffentlicht, Medien hinzugefügt', 'Aktiv', 'beliebig', 'Nur Änderungen von (optional)']);
  await assertGerman(`/svc/panel/webhooks/endpoint?id=${endpointId}`, ['<h1>Webhook-Endpunkt</h1>', 'Ereignisse: entry.published, media.added. Filter: keine.', 'Nur öffentliche Änderungen.', '0 wartend.', 'Geheimnis erneuern', 'Noch nichts zugestellt.']);
  await assertGerman('/svc/panel/webhooks/endpoint?id=ep_nope', ['Kein solcher Endpunkt'], 404);
});

test('the Statistics dashboard is German: words, numbers, days, months and countries', async () => {
  const days = await assertGerman('/svc/panel/stats?period=30d', [
    '<h1>Statistik</h1>', '30 Tage: ', 'Besucher pro Tag', 'Seitenaufrufe', 'Absprungrate', 'Top-Seiten', 'Einstiegsseiten', 'Länder',
    'Ziele und Ereignisse', 'Hallo gelesen', 'KI-Verkehr', 'KI-Crawler', 'Gerade jetzt', 'Alle Tabellen dieser Tage herunterladen',
    /Deutschland \(DE\)/, /Österreich \(AT\)/, /Vereinigte Staaten \(US\)/, /aria-label="Besucher pro Tag vom \d{1,2}\.\d{1,2}\.\d{4} bis \d{1,2}\.\d{1,2}\.\d{4}; am meisten, [\d.]+, am \d{1,2}\.\d{1,2}\.\d{4}\."/,
    /<dd>\d{1,3}(\.\d{3})+<\/dd>/, /\d+(,\d)?\u00a0%/, 'Veränderung gegenüber',
  ]);
  assert.doesNotMatch(days, /Germany|United States|Austria/);
  // Only the words a reader sees: the chart's SVG coordinates are written with commas.
  assert.doesNotMatch(days.replace(/<[^>]*>/g, ' '), /\d,\d{3}\b/, 'no English thousands separator');
  await assertGerman('/svc/panel/stats?period=today', ['Besucher pro Stunde', /um \d\d:00\./]);
  await assertGerman('/svc/panel/stats?period=90d&group=week', ['Besucher pro Woche', /Woche ab \d{1,2}\.\d{1,2}\.\d{4}/, 'in der Woche ab']);
  await assertGerman('/svc/panel/stats?period=12m&group=month&metric=pageviews', ['Seitenaufrufe pro Monat', /im (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}\./]);
  await assertGerman('/svc/panel/stats?period=today&metric=reading', ['Die Lesezeit wird je Tag gezählt, nicht je Stunde']);
  await assertGerman('/svc/panel/stats?period=30d&filter=country%3ADE', ['Nur Seitenaufrufe mit:', 'Land: Deutschland (DE)', 'aria-label="Filter Land: Deutschland (DE) entfernen"']);
  await assertGerman('/svc/panel/stats?period=12m&show=pages', ['Zurück zur Übersicht', /Zeilen 1–\d+ von \d+\./, 'Alle Zeilen als CSV herunterladen']);
  await assertGerman('/svc/panel/stats?period=nope', ['Die Adresse fragt nach dem Zeitraum „nope“. Wählen Sie einen von:'], 422);
  await assertGerman('/svc/panel/stats?from=2026-03-05&to=2026-03-01', ['Die Spanne muss an oder nach ihrem ersten Tag enden'], 422);
  const csv = await german('/svc/panel/stats/export?period=7d&table=nope');
  assert.equal(csv.status, 422);
  assert.match(csv.text, /^Die Adresse fragt nach der Tabelle „nope“\. Wählen Sie eine von: chart, pages/);
  const realtime = await german('/svc/panel/stats/realtime');
  assert.match(realtime.text, /<h2>Gerade jetzt<\/h2>.*Besucher in den letzten \d+ Minuten<br><span class="muted">Stand [^.]*\. Heute bisher: [\d.]+ Besucher, [\d.]+ Seitenaufrufe\./s);
});

test('goals, funnel, import and shared links are German', async () => {
  await assertGerman('/svc/panel/stats/goals', ['<h1>Ziele</h1>', 'Seitenbesuch', 'Ziel hinzufügen', 'Scrolltiefe (%)', 'aria-label="Ziel Hallo gelesen entfernen"', 'Zurück zur Statistik']);
  await assertGerman('/svc/panel/stats/funnel?step=%2Fhello&step=%2Fabout&period=90d', ['<h1>Trichter</h1>', 'Schritt 1', 'Trichter anzeigen', 'Abgesprungen', /Von \d{1,2}\.\d{1,2}\.\d{4} bis \d{1,2}\.\d{1,2}\.\d{4}: Besucher, die jeden Schritt/]);
  await assertGerman('/svc/panel/stats/funnel?step=%2Fa&step=%2Fb&period=zzz', ['Die Adresse fragt nach dem Zeitraum „zzz“.'], 422);
  await assertGerman('/svc/panel/stats/import', ['<h1>Statistik importieren</h1>', 'Plausible-Export (ZIP- oder CSV-Dateien, höchstens 20 MB)', 'Importieren']);
  await assertGerman('/svc/panel/stats/shares', ['<h1>Geteilte Links</h1>', 'Für den Vorstand', 'country:DE', 'Link erstellen', 'Feste Filter', 'aria-label="Link Für den Vorstand widerrufen"']);
  await assertGerman(`/svc/panel/shared/${shareToken}`, ['Schreibgeschützt geteilt: Für den Vorstand.', 'Dieser Link zeigt immer nur: country:DE.', '<h1>Statistik von ', 'Top-Seiten']);
  await assertGerman('/svc/panel/shared/not-a-token', ['Kein solcher Link'], 404);
});

test('the import\'s answers and a protected shared link\'s password form are German', async () => {
  const upload = async (files: { name: string; text: string }[]) => {
    const form = new FormData();
    form.set('csrf', csrfOf((await german('/svc/panel/stats/import')).text));
    for (const file of files) form.append('files', new Blob([file.text]), file.name);
    return german('/svc/panel/stats/import', { method: 'POST', body: form });
  };
  const none = await upload([]);
  assert.equal(none.status, 422);
  assert.match(none.text, /Wählen Sie die ZIP-Datei eines Plausible-Exports oder ihre CSV-Dateien\./);
  const done = await upload([{ name: 'imported_visitors_20240101_20240102.csv', text: 'date,visitors,pageviews,bounces,visits\n2024-01-01,3,4,1,3\n2024-01-02,2,2,1,2\n' }]);
  assert.equal(done.status, 200, done.text.slice(0, 300));
  const text = decoded(done.text);
  assert.match(text, /Der Import ist fertig: 2 Tage importiert\./);
  assert.match(text, /<h2>Importiert<\/h2><p>2 Tage importiert, vom 1\.1\.2024 bis 2\.1\.2024\.<\/p>/);
  assert.match(text, /Gelesen: imported_visitors_20240101_20240102\.csv\./);
  assert.deepEqual(ENGLISH.filter((part) => text.includes(part)), []);

  const { token } = await new SharedLinkStore(site.deps.trustedFolders, site.deps.stats.dir, site.deps.clock).create({ name: 'Mit Passwort', password: 'ein langes Passwort', filters: [] });
  const asked = await assertGerman(`/svc/panel/shared/${token}`, ['Diese Statistik ist geschützt', 'Statistik anzeigen', '<title>Geteilte Statistik']);
  assert.match(asked, /<label>Passwort <input type="password"/);
  const wrong = await german(`/svc/panel/shared/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=falsch' });
  assert.equal(wrong.status, 401);
  assert.match(wrong.text, /Das ist nicht das Passwort dieses Links\./);
});
