// The Statistics page as a dashboard in a real browser (Debian's Chromium, driven by playwright-core fetched
// at test time): at 1440 px the headline figures in one row, the chart, then the cards two by two (pages
// beside sources, locations beside devices); at 390 px one column; at neither a sideways scroll. Each card
// shows one table at a time behind tabs (mouse and arrow keys); the chart has a y-axis, the previous period
// drawn faintly and each bar's figures on hover and on focus (arrow keys move along the bars); a change
// against an empty period reads "new". axe-core finds no serious or critical violation, light or dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { findChromium, NO_CHROMIUM, seriousViolations as axeViolations, loadBrowserTools, watchProblems, type Browser, type Page } from '../helpers/browser.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { signInOnPage } from '../helpers/panel-browser.ts';

const chromiumPath = findChromium();
const NOW = Date.parse('2026-11-21T12:00:00Z');
let root: string;
let server: TestServer;
let browser: Browser;
let axeSource: string;
let session: unknown;

before(async () => {
  if (!chromiumPath) return;
  const tools = loadBrowserTools();
  axeSource = tools.axeSource;
  root = mkdtempSync(join(tmpdir(), 'svc-stats-browser-'));
  for (const dir of ['content', 'theme']) cpSync(fileURLToPath(new URL(`../../${dir}`, import.meta.url)), join(root, dir), { recursive: true });
  server = await startTestServer(root, { clock: () => NOW });
  await server.deps.auth.accounts.create({ name: 'Ann Admin', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  // 40 days of traffic: a 30-day view compares with a period that has some, a 90-day one with an empty one.
  seedStats(server.deps.stats, server.deps.content, { days: 40, pageviewsPerDay: 60, rawDays: 1, seed: 3 });
  browser = await tools.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnPage(page, server.url, 'ann@example.org');
  session = await context.storageState();
  await context.close();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const seriousViolations = (page: Page) => axeViolations(page, axeSource);

async function open(width: number, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: session, colorScheme });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(server.url + path);
  await page.waitForFunction(() => document.querySelectorAll('.stats-card.tabbed').length > 0);
  return { page, problems, close: () => context.close() };
}

interface Box { left: number; top: number; width: number; height: number }
/** The boxes of the elements a selector finds, in document order. */
const boxes = (page: Page, selector: string) => page.evaluate((s: string) => [...document.querySelectorAll(s)].map((el) => {
  const r = el.getBoundingClientRect();
  return { left: Math.round(r.left), top: Math.round(r.top + scrollY), width: Math.round(r.width), height: Math.round(r.height) };
}), selector) as Promise<Box[]>;
/** The card holding the table (part) with this heading. */
const cardOf = (page: Page, heading: string) => page.evaluate((h: string) => {
  const title = [...document.querySelectorAll('.stats-card h2')].find((el) => el.textContent === h)!;
  const r = title.closest('.stats-card')!.getBoundingClientRect();
  return { left: Math.round(r.left), top: Math.round(r.top + scrollY), width: Math.round(r.width), height: Math.round(r.height) };
}, heading) as Promise<Box>;
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth) as Promise<number>;

test('at 1440 px the figures are one row, the chart below them, and the cards two by two: pages beside sources, locations beside devices', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  const { page, problems, close } = await open(1440, '/svc/panel/stats?period=30d');
  const figures = await boxes(page, 'dl.figures>div');
  assert.equal(figures.length, 6);
  assert.equal(new Set(figures.map((box) => box.top)).size, 1, 'the six figures share one row');
  const chart = (await boxes(page, '.chart-card'))[0]!;
  assert.ok(chart.top > figures[0]!.top + figures[0]!.height, 'the chart is below the figures');
  assert.ok(chart.width > 900, `the chart uses the width (${chart.width} px)`);
  const [pages, sources, locations, devices] = await Promise.all(['Top pages', 'Top sources', 'Countries', 'Devices'].map((h) => cardOf(page, h)));
  assert.equal(pages!.top, sources!.top, 'pages and sources side by side');
  assert.ok(sources!.left >= pages!.left + pages!.width, 'sources right of pages');
  assert.equal(locations!.top, devices!.top, 'locations and devices side by side');
  assert.ok(locations!.top > pages!.top + pages!.height - 1, 'locations below pages');
  for (const card of [pages!, sources!, locations!, devices!]) assert.ok(card.width > 500 && card.width < 760, `a card half the width (${card.width} px)`);
  assert.ok(pages!.top > chart.top + chart.height - 1, 'the cards are below the chart');
  assert.equal(await sideways(page), 0, 'no sideways scroll');
  const height = await page.evaluate(() => document.documentElement.scrollHeight) as number;
  assert.ok(height < 4200, `the page is ${height} px tall`);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('at 390 px everything is one column and nothing scrolls sideways, light or dark', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const { page, problems, close } = await open(390, '/svc/panel/stats?period=30d', scheme);
    const cards = await boxes(page, '.stats-dash .stats-card');
    assert.ok(cards.length >= 8, `${cards.length} cards`);
    assert.equal(new Set(cards.map((box) => box.left)).size, 1, `${scheme}: every card starts at the same place`);
    assert.equal(new Set(cards.map((box) => box.width)).size, 1, `${scheme}: every card is as wide`);
    for (let i = 1; i < cards.length; i++) assert.ok(cards[i]!.top >= cards[i - 1]!.top + cards[i - 1]!.height, `${scheme}: card ${i} is below card ${i - 1}`);
    assert.ok(cards[0]!.width <= 390 && cards[0]!.width > 300);
    assert.equal(await sideways(page), 0, `${scheme}: no sideways scroll`);
    // Dark: the cards are dark with light text, and still pass axe's contrast check.
    const [background, text] = await page.evaluate(() => { const card = getComputedStyle(document.querySelector('.stats-card')!); return [card.backgroundColor, card.color]; }) as [string, string];
    const light = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0) > 384;
    assert.equal(light(background), scheme === 'light', `${scheme}: card background ${background}`);
    assert.equal(light(text), scheme === 'dark', `${scheme}: card text ${text}`);
    assert.deepEqual(await seriousViolations(page), [], scheme);
    assert.deepEqual(problems, []);
    await close();
  }
});

test('a card shows one table at a time: its tabs switch by click and by arrow keys, each tab naming the table it shows', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  const { page, problems, close } = await open(1440, '/svc/panel/stats?period=30d');
  const state = () => page.evaluate(() => {
    const card = document.querySelector('.stats-card[aria-label="Pages"]')!;
    const tabs = [...card.querySelectorAll('[role=tab]')];
    return {
      list: card.querySelector('[role=tablist]')?.getAttribute('aria-label'),
      tabs: tabs.map((tab) => `${tab.textContent}${tab.getAttribute('aria-selected') === 'true' ? '*' : ''}`),
      shown: [...card.querySelectorAll('[role=tabpanel]')].filter((panel) => !(panel as HTMLElement).hidden && (panel as HTMLElement).offsetHeight > 0).map((panel) => panel.querySelector('h2')!.textContent),
      labelled: [...card.querySelectorAll('[role=tabpanel]')].map((panel) => document.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent),
      focused: document.activeElement?.textContent,
    };
  }) as Promise<{ list: string; tabs: string[]; shown: string[]; labelled: string[]; focused: string }>;
  let now = await state();
  assert.equal(now.list, 'Pages');
  assert.deepEqual(now.tabs, ['Top pages*', 'Entry pages', 'Exit pages']);
  assert.deepEqual(now.shown, ['Top pages']);
  assert.deepEqual(now.labelled, ['Top pages', 'Entry pages', 'Exit pages']);
  await page.getByRole('tab', { name: 'Exit pages' }).click();
  now = await state();
  assert.deepEqual([now.tabs, now.shown], [['Top pages', 'Entry pages', 'Exit pages*'], ['Exit pages']]);
  await page.getByRole('tab', { name: 'Exit pages' }).press('ArrowRight');
  now = await state();
  assert.deepEqual([now.tabs, now.shown, now.focused], [['Top pages*', 'Entry pages', 'Exit pages'], ['Top pages'], 'Top pages']);
  await page.getByRole('tab', { name: 'Top pages' }).press('ArrowLeft');
  assert.deepEqual((await state()).shown, ['Exit pages']);
  // The other cards: sources, locations, devices, goals and events, AI.
  const cards = await page.evaluate(() => [...document.querySelectorAll('.stats-card.tabbed')].map((card) => [card.getAttribute('aria-label'), [...card.querySelectorAll('[role=tab]')].map((tab) => tab.textContent).join(', ')])) as [string, string][];
  assert.deepEqual(cards, [
    ['Pages', 'Top pages, Entry pages, Exit pages'], ['Sources', 'Top sources, Channels, Campaigns'], ['Locations', 'Countries, Languages'],
    ['Devices', 'Devices, Browsers, Operating systems'], ['Goals and events', 'Goals, Events, Properties'], ['AI', 'AI traffic, AI crawlers'],
  ]);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('the chart has a y-axis of round numbers above its highest bar, the previous period drawn faintly, and each bar\'s figures on hover and on focus', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  const { page, problems, close } = await open(1440, '/svc/panel/stats?period=30d');
  const drawn = await page.evaluate(() => {
    const chart = document.querySelector('figure.chart')!;
    const bars = [...chart.querySelectorAll('g.bar rect.value')].map((rect) => Number(rect.getAttribute('height')));
    return {
      axis: [...chart.querySelectorAll('.chart-axis li')].map((li) => li.textContent),
      bars: bars.length, highest: Math.max(...bars), plot: Number(chart.querySelector('svg')!.getAttribute('viewBox')!.split(' ')[3]),
      previous: chart.querySelector('polyline.previous')?.getAttribute('points')?.split(' ').length ?? 0,
      stops: [...chart.querySelectorAll('g.bar')].filter((bar) => bar.getAttribute('tabindex') === '0').length,
      labels: [...chart.querySelectorAll('g.bar')].map((bar) => bar.getAttribute('aria-label')),
      legend: chart.querySelector('.legend')?.textContent,
    };
  }) as { axis: string[]; bars: number; highest: number; plot: number; previous: number; stops: number; labels: string[]; legend: string };
  assert.equal(drawn.bars, 30);
  assert.equal(drawn.axis.length, 3);
  const top = Number(drawn.axis[0]!.replace(/,/g, ''));
  assert.match(String(top), /^(1|2|25|5)0*$/, `a round top: ${top}`);
  assert.equal(Number(drawn.axis[1]!.replace(/,/g, '')), top / 2);
  assert.equal(drawn.axis[2], '0');
  assert.ok(drawn.highest <= drawn.plot && drawn.highest > drawn.plot / 5, `the highest bar (${drawn.highest} of ${drawn.plot}) stays under the top`);
  // 40 days of traffic: the 30 days before the period have some 10 with figures, all drawn by position.
  assert.equal(drawn.previous, 30);
  assert.match(drawn.legend, /this period.*previous period/);
  assert.equal(drawn.stops, 1, 'the chart is one tab stop');
  assert.match(drawn.labels[29]!, /^2026-11-21: [\d,]+ visitors, [\d,]+ page views; previous period \(2026-10-22\): [\d,]+ visitors$/);
  const tip = () => page.evaluate(() => { const t = document.querySelector('.chart-tip') as HTMLElement; return t.hidden ? null : t.textContent; }) as Promise<string | null>;
  assert.equal(await tip(), null);
  await page.locator('g.bar').nth(3).hover();
  assert.equal(await tip(), drawn.labels[3]);
  await page.locator('g.bar').last().focus();
  assert.equal(await tip(), drawn.labels[29]);
  await page.locator('g.bar').last().press('ArrowLeft');
  assert.equal(await tip(), drawn.labels[28]);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), drawn.labels[28]);
  await page.locator('g.bar').nth(28).press('Home');
  assert.equal(await tip(), drawn.labels[0]);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('a change against an empty or nearly empty period reads "new", not a percentage in the thousands', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  const { page, close } = await open(1440, '/svc/panel/stats?period=90d');
  const changes = await page.evaluate(() => [...document.querySelectorAll('dl.figures>div')].map((div) => [div.querySelector('dt')!.textContent, div.querySelectorAll('dd')[1]!.textContent])) as [string, string][];
  assert.deepEqual(changes.slice(0, 3), [['Visitors', 'new'], ['Page views', 'new'], ['Visits', 'new']]);
  await close();
  const month = await open(1440, '/svc/panel/stats?period=30d');
  const visitors = await month.page.evaluate(() => document.querySelector('dl.figures>div dd:nth-of-type(2)')!.textContent) as string;
  assert.match(visitors, /^[+-]?[\d,.]+%$/, `30 days against 30 days with traffic: ${visitors}`);
  await month.close();
});
