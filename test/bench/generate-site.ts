// Writes a synthetic installation for benchmarks: <root>/content/site.yaml, tags in two languages and N
// posts with an English and a German translation, tags, a category (every tenth an event with `start`
// and `location`), and a cover that points at one shared small image. Mostly published; a few drafts
// and scheduled posts so status filtering has something to skip. Deterministic: same input, same files.
// The entries are made one by one as helpers/write-site.ts writes them, so 100,000 posts are never held.
// Run alone: node --import tsx test/bench/generate-site.ts <root> [--entries 10000]
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Canvas } from '../fixtures/png.ts';
import { scenes } from '../fixtures/scenes.ts';
import { entry, SITE_CATEGORIES, writeSite, type EntryFile, type YamlMap } from '../helpers/write-site.ts';

export interface GenerateOptions {
  entries: number;
}

export interface GeneratedSite {
  contentDir: string;
  entries: number;
  /** Posts whose English translation is published (what an anonymous `/entries` lists). */
  published: number;
  drafts: number;
  scheduled: number;
}

const TAGS: Array<[slug: string, en: string, de: string]> = [
  ['travel', 'Travel', 'Reisen'], ['food', 'Food', 'Essen'], ['hiking', 'Hiking', 'Wandern'], ['winter', 'Winter', 'Winter'],
  ['culture', 'Culture', 'Kultur'], ['gear', 'Gear', 'Ausrüstung'], ['lakes', 'Lakes', 'Seen'], ['towns', 'Towns', 'Städte'],
];
const PLACES = ['Bolzano', 'Meran', 'Brixen', 'Innsbruck', 'Lienz', 'Sölden', 'Cortina', 'Hallstatt', 'Chur', 'Bormio'];
const WORDS = ['morning', 'pass', 'valley', 'hut', 'lake', 'market', 'ridge', 'village', 'snow', 'larch', 'trail', 'bridge'];
const SHARED_COVER = 'media/posts/post-00001/cover.png';

const SETTINGS: YamlMap = {
  title: 'Bench Site',
  description: 'A generated site for benchmarks.',
  url: 'http://127.0.0.1:8080',
  languages: { en: 'English', de: 'Deutsch' },
  default_language: 'en',
  timezone: 'Europe/Berlin',
  approval_mode: false,
  closed: false,
  types: {
    post: { folder: 'posts', label: 'Posts' },
    page: { folder: 'pages', label: 'Pages' },
    tag: { folder: 'tags', label: 'Tags' },
  },
  categories: SITE_CATEGORIES,
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM` for a minute offset from 2023-01-01 00:00 (plain arithmetic on a UTC clock is enough here). */
function siteTime(minutes: number): string {
  const d = new Date(Date.UTC(2023, 0, 1) + minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function statusOf(i: number): 'draft' | 'scheduled' | 'published' {
  if (i % 50 === 7) return 'draft';
  if (i % 97 === 3) return 'scheduled';
  return 'published';
}

function body(i: number, language: 'en' | 'de'): string {
  const place = PLACES[i % PLACES.length]!;
  const word = WORDS[i % WORDS.length]!;
  const paragraphs = language === 'en'
    ? [
        `Post number ${i} starts in ${place}, early, with the ${word} still in shadow and the first bus not yet running.`,
        `We walked for most of the day, stopped twice for coffee and once for a long lunch, and came back by train.`,
        `The notes below are short on purpose: the route, what it cost, and what we would do differently next time.`,
      ]
    : [
        `Beitrag Nummer ${i} beginnt in ${place}, früh, solange der Weg noch im Schatten liegt und der erste Bus noch nicht fährt.`,
        `Wir sind fast den ganzen Tag gegangen, haben zweimal Kaffee getrunken und einmal lange zu Mittag gegessen.`,
        `Die Notizen unten sind absichtlich kurz: die Route, die Kosten und was wir beim nächsten Mal anders machen.`,
      ];
  const card = i % 10 === 0 ? `\n::: callout tip title="${language === 'en' ? 'Good to know' : 'Gut zu wissen'}"\nBring **cash** for the hut.\n:::\n` : '';
  return `${paragraphs[0]}\n\n## ${language === 'en' ? 'The route' : 'Die Route'}\n\n${paragraphs[1]}\n${card}\n${paragraphs[2]}`;
}

function translation(i: number, language: 'en' | 'de', slug: string): EntryFile {
  const status = statusOf(i);
  const created = i * 150; // one post every 2.5 hours from 2023-01-01: 10,000 posts span about three years
  const tags = [TAGS[i % TAGS.length]![0], TAGS[(i * 3 + 1) % TAGS.length]![0]].filter((t, k, all) => all.indexOf(t) === k);
  const isEvent = i % 10 === 4;
  const title = language === 'en' ? `A day in ${PLACES[i % PLACES.length]} (${i})` : `Ein Tag in ${PLACES[i % PLACES.length]} (${i})`;
  const fields: YamlMap = { title, status, date: siteTime(created) };
  if (status === 'published') fields.published = siteTime(created + 45);
  if (status === 'scheduled') fields.published = siteTime(5_000_000 + i); // about 2032: stays scheduled
  fields.author = 'admin';
  fields.tags = tags;
  fields.excerpt = language === 'en' ? 'A short walk and a long lunch.' : 'Ein kurzer Weg und ein langes Mittagessen.';
  fields.cover = SHARED_COVER;
  fields.category = isEvent ? 'events' : 'journal';
  if (isEvent) {
    fields.start = siteTime(created + 60 * 24 * 30 * (1 + (i % 40)));
    fields.location = PLACES[i % PLACES.length]!;
  }
  if (language === 'de') fields.slug = `${slug}-de`;
  return { fields, body: body(i, language) };
}

function* entries(count: number): Generator<[string, EntryFile]> {
  for (const [slug, en, de] of TAGS) {
    for (const [language, title] of [['en', en], ['de', de]] as const) {
      yield [`content/tags/${slug}/${language}.md`, entry({ title, status: 'published', date: '2023-01-01 00:00', published: '2023-01-01 00:00', author: 'admin' })];
    }
  }
  for (let i = 1; i <= count; i++) {
    const slug = `post-${pad(i, 5)}`;
    yield [`content/posts/${slug}/en.md`, translation(i, 'en', slug)];
    yield [`content/posts/${slug}/de.md`, translation(i, 'de', slug)];
  }
}

function covers(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const [file, width] of [['cover.png', 960], ['cover-480w.png', 480]] as const) {
    const canvas = new Canvas(width, (width * 9) / 16);
    scenes.alpineDay(canvas, 1);
    files[`content/${dirname(SHARED_COVER)}/${file}`] = canvas.toPng();
  }
  return files;
}

export function generateSite(root: string, options: GenerateOptions): GeneratedSite {
  writeSite(root, { settings: SETTINGS, entries: entries(options.entries), files: covers() });
  return describeSite(root, options.entries);
}

/** What generateSite made for `count` entries (the same every time: it is deterministic). */
function describeSite(root: string, count: number): GeneratedSite {
  let published = 0, drafts = 0, scheduled = 0;
  for (let i = 1; i <= count; i++) {
    const status = statusOf(i);
    if (status === 'published') published++;
    else if (status === 'draft') drafts++;
    else scheduled++;
  }
  return { contentDir: join(root, 'content'), entries: count, published, drafts, scheduled };
}

/**
 * A generated site of `entries` posts for a bench: made anew in a temp folder, or, with `keepIn` (the
 * benches' BENCH_SITES), the one kept there from an earlier run, its data/ made anew. `kept`: leave it be.
 */
export function benchSite(entries: number, keepIn: string | undefined): { root: string; site: GeneratedSite; kept: boolean } {
  const root = keepIn ? join(keepIn, `posts-${entries}`) : mkdtempSync(join(tmpdir(), `svc-bench-${entries}-`));
  if (keepIn && existsSync(join(root, 'content', 'site.yaml'))) {
    rmSync(join(root, 'data'), { recursive: true, force: true });
    return { root, site: describeSite(root, entries), kept: true };
  }
  mkdirSync(root, { recursive: true });
  return { root, site: generateSite(root, { entries }), kept: keepIn !== undefined };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { entries: { type: 'string', default: '10000' } }, allowPositionals: true });
  const root = positionals[0];
  const entries = Number(values.entries);
  if (!root || !Number.isInteger(entries) || entries < 1) {
    process.stderr.write('usage: node --import tsx test/bench/generate-site.ts <root> [--entries 10000]\n');
    process.exit(2);
  }
  const started = performance.now();
  const site = generateSite(resolve(root), { entries });
  process.stdout.write(`wrote ${site.entries} posts (${site.published} published, ${site.drafts} drafts, ${site.scheduled} scheduled) into ${site.contentDir} in ${Math.round(performance.now() - started)} ms\n`);
}
