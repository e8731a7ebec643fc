// Import of a Plausible CSV export (a site moving from Plausible keeps its history): its files
// (`imported_visitors_YYYYMMDD_YYYYMMDD.csv`, `imported_pages_...`, sources, locations, devices, browsers,
// operating systems, custom events; svc's own export's names are taken too) become daily rollups marked
// `imported`, for days not counted yet only: a day with a rollup or a raw log of its own is left as it is.
// Columns are found by their names (others are passed over); anything that cannot be read (a cut-off file,
// a missing column, a date or number that is none) refuses the whole import with the file and line, and
// nothing is written. Names are kept as text (a value like `=HYPERLINK(...)` is a name, never run: the CSV
// export defuses it again).
import { AppError } from '../errors.js';
import { readCsv, CsvProblem } from '../lib/csv-read.js';
import type { StatsService } from './stats-service.js';
import { isDayName, monthOf } from '../lib/day-math.js';
import { cleanPath } from './traffic-source.js';
import { emptyRollup, capRollup, own, put, emptyPage, mergeInto, type Pair, type Rollup, rollupMonth, DIRECT } from './store/stats-store.js';

type Table = 'visitors' | 'pages' | 'sources' | 'locations' | 'devices' | 'browsers' | 'operating_systems' | 'custom_events';
const FILE = /(?:^|\/)(?:imported_)?(visitors|pages|sources|locations|devices|browsers|operating_systems|custom_events)_\d{8}_\d{8}\.csv$/;

/** Per table: the name column (none for visitors) and the number columns read. */
const COLUMNS: Record<Table, { name: string | null; numbers: string[] }> = {
  visitors: { name: null, numbers: ['visitors', 'pageviews', 'visits', 'bounces'] },
  pages: { name: 'page', numbers: ['visitors', 'pageviews'] },
  sources: { name: 'source', numbers: ['visitors'] },
  locations: { name: 'country', numbers: ['visitors'] },
  devices: { name: 'device', numbers: ['visitors'] },
  browsers: { name: 'browser', numbers: ['visitors'] },
  operating_systems: { name: 'operating_system', numbers: ['visitors'] },
  custom_events: { name: 'name', numbers: ['visitors'] },
};
/** Optional second figure of a name: page views (or events); 0 when the file has no such column. */
const SECOND: Partial<Record<Table, string>> = { sources: 'pageviews', locations: 'pageviews', devices: 'pageviews', browsers: 'pageviews', operating_systems: 'pageviews', custom_events: 'events' };
const MAX_NAME = 300;

export interface ImportResult { imported: string[]; skipped: string[]; files: string[]; ignored: string[] }

const refuse = (sentence: string) => new AppError('invalid_params', `The import was refused, nothing was changed: ${sentence}`);

function sourceName(value: string): string {
  const text = value.trim().toLowerCase();
  return text === '' || text === 'direct / none' ? DIRECT : text.replace(/^www\./, '').slice(0, 100);
}
const NAMES: Partial<Record<Table, (value: string) => string>> = {
  sources: sourceName,
  devices: (value) => value.trim().toLowerCase(),
  locations: (value) => value.trim().toUpperCase(),
};

function addPair(record: Record<string, Pair>, key: string, a: number, b: number): void {
  const pair = own(record, key);
  if (pair) { pair[0] += a; pair[1] += b; } else put(record, key, [a, b]);
}

/** Reads the export's files (name -> text) into daily rollups; throws a sentence on the first problem. */
export function readPlausibleExport(files: ReadonlyMap<string, string>): { days: Map<string, Rollup>; files: string[]; ignored: string[] } {
  const days = new Map<string, Rollup>();
  const used: string[] = [], ignored: string[] = [];
  const day = (name: string) => { let r = days.get(name); if (!r) days.set(name, (r = emptyRollup(name))); return r; };
  /** The days the visitors file counts, each once: the other files break a day down, they do not add one. */
  const visitorDays = new Set<string>();
  const entries = [...files].map(([name, text]) => ({ name, text, table: FILE.exec(name)?.[1] as Table | undefined }));
  if (!entries.some((entry) => entry.table === 'visitors')) throw refuse('it has no visitors file (imported_visitors_YYYYMMDD_YYYYMMDD.csv), which every Plausible export holds.');
  for (const { name, text, table } of entries) {
    if (!table) { ignored.push(name); continue; }
    used.push(name);
    let rows: string[][];
    try { rows = readCsv(text); } catch (error) { throw refuse(`${name}: ${(error as CsvProblem).message}.`); }
    const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
    const spec = COLUMNS[table];
    const at = (column: string) => header.indexOf(column);
    for (const column of ['date', ...(spec.name ? [spec.name] : []), ...spec.numbers]) if (at(column) < 0) throw refuse(`${name} has no column ${column}.`);
    const second = SECOND[table] && at(SECOND[table]!) >= 0 ? at(SECOND[table]!) : -1;
    for (let i = 1; i < rows.length; i++) {
      const row = rows[i]!;
      if (row.length === 1 && row[0] === '') continue;
      if (row.length !== header.length) throw refuse(`${name} line ${i + 1} has ${row.length} cells, its header ${header.length} (is the file cut short?).`);
      const date = row[at('date')]!.trim();
      if (!isDayName(date)) throw refuse(`${name} line ${i + 1}: the date “${date.slice(0, 20)}” is not a day written YYYY-MM-DD.`);
      const number = (column: number) => {
        const text = row[column]!.trim();
        if (text === '') return 0;
        if (!/^\d{1,12}$/.test(text)) throw refuse(`${name} line ${i + 1}: “${text.slice(0, 20)}” in column ${header[column]} is not a whole number.`);
        return Number(text);
      };
      const r = day(date);
      if (!spec.name) {
        const [visitors, pageviews, visits, bounces] = spec.numbers.map((column) => number(at(column)));
        if (bounces! > visits!) throw refuse(`${name} line ${i + 1}: ${bounces} bounces of ${visits} visits (a bounce is a visit of one page).`);
        if (visitorDays.has(date)) throw refuse(`${name} line ${i + 1}: the day ${date} is in it twice.`);
        visitorDays.add(date);
        r.visitors += visitors!; r.pageviews += pageviews!; r.visits += visits!; r.bounces += bounces!;
        addPair(r.days, date, visitors!, pageviews!);
        continue;
      }
      const raw = row[at(spec.name)]!;
      if (raw.length > MAX_NAME) throw refuse(`${name} line ${i + 1}: a ${spec.name} of more than ${MAX_NAME} characters.`);
      const named = (NAMES[table] ?? ((value: string) => value.trim()))(raw) || '(none)';
      // As the collector takes them (beacon-payload.ts, traffic-source.ts): a page is its path alone, linked
      // on the site's own address; its query (a token, a campaign) reaches neither the panel nor answers.
      const key = table === 'pages' ? cleanPath(named) : named;
      if (key === null) throw refuse(`${name} line ${i + 1}: the page “${named.slice(0, 40)}” is not a path starting with /.`);
      const visitors = number(at('visitors'));
      if (table === 'pages') {
        let page = own(r.pages, key);
        if (!page) put(r.pages, key, (page = emptyPage()));
        page.v += visitors; page.pv += number(at('pageviews'));
        continue;
      }
      const target = table === 'sources' ? r.referrers : table === 'locations' ? r.countries : table === 'devices' ? r.devices : table === 'browsers' ? r.browsers : table === 'operating_systems' ? r.os : r.events;
      addPair(target, key, visitors, second >= 0 ? number(second) : 0);
    }
  }
  for (const name of days.keys()) {
    if (!visitorDays.has(name)) throw refuse(`the day ${name} has figures in its other files but no row in the visitors file (is the export cut short?).`);
  }
  for (const rollup of days.values()) capRollup(rollup);
  return { days, files: used, ignored };
}

/**
 * Writes the export's days that are not counted yet as imported daily rollups, and the finished months they
 * touch again. A day is counted when it has a rollup or raw log of its own, or its month's rollup holds it
 * (past the daily rollups' retention only the month's is left): the month is then added to, never made
 * again from the days alone, which had lost the rest of it.
 */
export function importPlausibleExport(stats: StatsService, files: ReadonlyMap<string, string>): ImportResult {
  const read = readPlausibleExport(files);
  const today = stats.today();
  const imported: Rollup[] = [], skipped: string[] = [];
  const counted = (day: string) => stats.files.hasDaily(day) || stats.hasRawLog(day) || own(stats.files.readMonthly(monthOf(day))?.days ?? {}, day) !== undefined;
  for (const [day, rollup] of [...read.days].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (day >= today || counted(day)) { skipped.push(day); continue; }
    stats.files.writeDaily({ ...rollup, imported: true });
    imported.push(rollup);
  }
  for (const month of new Set(imported.map((rollup) => monthOf(rollup.from)))) {
    if (month >= monthOf(today)) continue;
    const kept = stats.files.readMonthly(month);
    if (!kept) { stats.files.writeMonthly(month, rollupMonth(stats.files, month)); continue; }
    const total = structuredClone(kept);
    for (const rollup of imported) if (monthOf(rollup.from) === month) mergeInto(total, rollup, false);
    stats.files.writeMonthly(month, capRollup(total));
  }
  if (imported.length > 0) stats.rollupsChanged();
  return { imported: imported.map((rollup) => rollup.from), skipped, files: read.files, ignored: read.ignored };
}
