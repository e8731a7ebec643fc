// The whole statistics of a range as a ZIP of CSV files, one per dimension with a row per day and name, as
// Plausible's CSV export lays them out (`<table>_<YYYYMMDD>_<YYYYMMDD>.csv`). Made in one pass: each day's
// rollup is read once and its rows go to every file at once, each deflated into a temporary file
// (lib/deflated-temp-file.ts); entry and exit pages and properties come from the visit tables, a table at a
// time; then the files go into the archive as it is sent. Memory stays that of one day (or one month's
// visit table), whatever the range.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvCell } from '../lib/csv.js';
import { DeflatedTempFile } from '../lib/deflated-temp-file.js';
import type { ZipWriter } from '../lib/zip-writer.js';
import type { StatsService } from './stats-service.js';
import { eachDay } from '../lib/day-math.js';
import { dayRollup } from './day-rollups.js';
import { channelPairs } from './traffic-channels.js';
import { aiCrawlerByName } from './ai-crawlers.js';
import { entriesAndExits, propsByDay } from './export-table-rows.js';
import { type Pair, type Rollup } from './store/stats-store.js';

type Cell = string | number | null;

const pairs = (table: Record<string, Pair>): Cell[][] => Object.entries(table).map(([name, [visitors, count]]) => [name, visitors, count]);

/** The files counted from each day's rollup: name, columns, the rows of one day (the date comes first). */
const ROLLUP_FILES: { name: string; columns: string[]; rows: (r: Rollup) => Cell[][] }[] = [
  { name: 'visitors', columns: ['date', 'visitors', 'pageviews', 'visits', 'bounces', 'engaged_seconds'],
    rows: (r) => (r.pageviews > 0 || r.visitors > 0 ? [[r.visitors, r.pageviews, r.visits, r.bounces, Math.round(r.engaged_ms / 1000)]] : []) },
  { name: 'pages', columns: ['date', 'page', 'visitors', 'pageviews', 'engaged_seconds', 'engaged_visitors', 'readers'],
    rows: (r) => Object.entries(r.pages).filter(([, p]) => p.pv > 0).map(([path, p]) => [path, p.v, p.pv, Math.round(p.em / 1000), p.ev, p.rd]) },
  { name: 'sources', columns: ['date', 'source', 'visitors', 'pageviews'], rows: (r) => pairs(r.referrers) },
  { name: 'channels', columns: ['date', 'channel', 'visitors', 'pageviews'], rows: (r) => pairs(channelPairs(r.referrers)) },
  { name: 'campaigns', columns: ['date', 'utm_campaign', 'visitors', 'pageviews'], rows: (r) => pairs(r.campaigns) },
  { name: 'locations', columns: ['date', 'country', 'visitors', 'pageviews'], rows: (r) => pairs(r.countries) },
  { name: 'languages', columns: ['date', 'language', 'visitors', 'pageviews'], rows: (r) => pairs(r.languages) },
  { name: 'devices', columns: ['date', 'device', 'visitors', 'pageviews'], rows: (r) => pairs(r.devices) },
  { name: 'browsers', columns: ['date', 'browser', 'visitors', 'pageviews'], rows: (r) => pairs(r.browsers) },
  { name: 'operating_systems', columns: ['date', 'operating_system', 'visitors', 'pageviews'], rows: (r) => pairs(r.os) },
  { name: 'custom_events', columns: ['date', 'name', 'visitors', 'events'], rows: (r) => pairs(r.events) },
  { name: 'ai_crawlers', columns: ['date', 'crawler', 'operator', 'kind', 'page', 'hits'],
    rows: (r) => Object.entries(r.crawlers).flatMap(([name, c]) => {
      const known = aiCrawlerByName(name);
      return Object.entries(c.pages).map(([path, hits]) => [name, known?.operator ?? 'unknown', known?.purpose ?? 'unknown', path, hits]);
    }) },
];
/** The files counted from the visit tables. */
const TABLE_FILES = [
  { name: 'entry_pages', columns: ['date', 'entry_page', 'visitors', 'entrances'] },
  { name: 'exit_pages', columns: ['date', 'exit_page', 'visitors', 'exits'] },
  { name: 'custom_props', columns: ['date', 'property', 'value', 'visitors', 'events'] },
];
/** The files of an export, in the archive's order. */
export const EXPORT_FILES = ['visitors', 'pages', 'entry_pages', 'exit_pages', 'sources', 'channels', 'campaigns', 'locations', 'languages', 'devices', 'browsers', 'operating_systems', 'custom_events', 'custom_props', 'ai_crawlers'];

const compact = (day: string) => day.replace(/-/g, '');
const csvRows = (day: string, rows: Cell[][]) => rows.map((row) => `${[day, ...row].map(csvCell).join(',')}\r\n`).join('');

/** Writes every file of `from`..`to` into the archive, then its directory. */
export async function writeStatsExport(stats: StatsService, from: string, to: string, zip: ZipWriter): Promise<void> {
  stats.ensureRolledUp();
  const dir = mkdtempSync(join(tmpdir(), 'svc-export-'));
  try {
    const files = new Map<string, DeflatedTempFile>();
    for (const { name, columns } of [...ROLLUP_FILES, ...TABLE_FILES]) {
      const file = new DeflatedTempFile(join(dir, `${name}.deflate`));
      files.set(name, file);
      await file.write(`${columns.join(',')}\r\n`);
    }
    const today = stats.today();
    for (const day of eachDay(from, to)) {
      if (zip.gone) return;
      const rollup = dayRollup(stats, day, today);
      if (!rollup) continue;
      for (const { name, rows } of ROLLUP_FILES) {
        const text = csvRows(day, rows(rollup));
        if (text) await files.get(name)!.write(text);
      }
    }
    const { tables } = stats.visitTables(from, to);
    for (const table of tables) {
      if (zip.gone) return;
      for (const { day, entries, exits } of entriesAndExits(table)) {
        if (day < from || day > to) continue;
        await files.get('entry_pages')!.write(csvRows(day, entries));
        await files.get('exit_pages')!.write(csvRows(day, exits));
      }
      for (const { day, rows } of propsByDay(table)) if (day >= from && day <= to) await files.get('custom_props')!.write(csvRows(day, rows));
    }
    for (const file of files.values()) await file.close();
    for (const name of EXPORT_FILES) {
      if (zip.gone) return;
      const file = files.get(name)!;
      await zip.addDeflated(`${name}_${compact(from)}_${compact(to)}.csv`, file, file.chunks());
    }
    await zip.finish();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
