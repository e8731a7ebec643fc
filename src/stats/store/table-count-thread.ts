// Counts a range's visit tables for one question on both cores: a second thread (table-count-worker.ts)
// counts part of them while this one counts the rest, and whichever is done first takes the other's tables
// not yet begun, so a new question over 400 days takes about half as long. The question stays synchronous:
// this thread waits for the other's answer (Atomics.wait) and reads it off its port (receiveMessageOnPort).
// Only tables in shared memory can be handed over (read from their files or kept after writing them,
// rollup-files.ts); the thread is started by the first count big enough to be worth it and is handed work
// once it is ready; if it fails or does not answer, this thread counts what it had not answered. What a
// question counts in a table is the caller's: the count is handed in, with the worker module that serves it.
import { debuglog } from '../../lib/node-builtins.js';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { startTunedWorker } from '../../process-tuning/tuned-worker.js';
import type { VisitTable } from './visit-table.js';
import { hasPageIndex } from './visit-page-index.js';
import { knownOrdinals } from './run-ordinals.js';
import { FREE, HERE, THERE } from './count-claims.js';
import type { CountAnswer, CountJob, CountThreadData, HandedTable, TableCounter } from './table-count-worker.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface CountUnit { table: VisitTable }

export interface TableCountThreadOptions<Q, A> {
  /** the count, on this thread */
  count: TableCounter<Q, A>;
  /** the worker module that serves the same count on the other thread (serveTableCounts) */
  workerUrl: URL;
  /** whether a question reads the tables' page indexes (then a side takes only tables whose index it has) */
  readsPageIndex?(question: Q): boolean;
  /** whether the tables' store still holds a table (else the thread lets it go too) */
  holds(table: VisitTable): boolean;
  /** the site's folders below which no link is followed: the other thread reads page indexes by them too */
  trustedFolders: TrustedFolders;
  /** where a month table's page index is written (visit-page-index-file.ts), or null */
  pageIndexPath(table: VisitTable): string | null;
  /** the fewest page views in shared tables that start the thread and hand it a share */
  minPageviews?: number;
  /** whether a side that is done takes the other's tables not yet begun (true; tests turn it off) */
  steal?: boolean;
  /** the least the other thread is waited for between two of its answers (20 ms; tests try 0 and long) */
  minPatienceMs?: number;
}

/** Below this a count takes a few milliseconds: handing work over would cost more than it saves. */
const MIN_PAGEVIEWS = 200_000;
/** A thread that has not answered by then is taken for lost (its share is counted here). */
const ANSWER_TIMEOUT_MS = 30_000;

/** NODE_DEBUG=svc-stats tells how a count was shared and how long this thread waited for the other. */
const debug = debuglog('svc-stats');

const isShared = (table: VisitTable) => table.runFlags.buffer instanceof SharedArrayBuffer;
/** What counting a table costs, roughly: a pass over its runs and page views. */
const weightOf = (table: VisitTable) => table.runFlags.length + table.pvPage.length;

export class TableCountThread<Q, A> {
  private worker: Worker | null = null;
  private port: MessagePort | null = null;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private failed = false;
  private nextId = 1;
  private nextJob = 1;
  /** Tables handed over, by their number there; a table is counted on the same side every time. */
  private readonly handed = new Map<number, VisitTable>();
  private readonly ids = new WeakMap<VisitTable, number>();
  private readonly side = new WeakMap<VisitTable, 'here' | 'there'>();

  /** Units the other thread has counted so far (tests and NODE_DEBUG). */
  handedOver = 0;
  private readonly steal: boolean;
  private readonly minPatienceMs: number;

  constructor(private readonly options: TableCountThreadOptions<Q, A>) {
    // SVC_STATS_THREAD=off counts on one core (a host that gives the process one, or a comparison).
    if (process.env.SVC_STATS_THREAD === 'off') this.failed = true;
    this.steal = options.steal ?? true;
    this.minPatienceMs = options.minPatienceMs ?? 20;
  }

  /** Whether the other thread is loaded and takes work. */
  get ready(): boolean {
    return this.worker !== null && Atomics.load(this.signal, 0) > 0;
  }

  /**
   * Starts the thread early, while the tables of a count are still being read, once they hold enough page
   * views to be worth it: it loads meanwhile, and takes its share as soon as it is ready.
   */
  expect(tables: readonly (VisitTable | null)[]): void {
    if (this.worker || this.failed) return;
    let pageviews = 0;
    for (const table of tables) if (table && isShared(table)) pageviews += table.pvPage.length;
    if (pageviews >= (this.options.minPageviews ?? MIN_PAGEVIEWS)) this.start();
  }

  /**
   * The figures of each unit (in order), counted on both cores when they are worth it. This thread counts
   * its own tables biggest first, the other its own smallest first; each then takes the other's not yet
   * begun from the end the other is not at (a claim per unit in shared memory says who counts it): a side
   * slowed down (code not yet optimised for a new kind of filter, a collection, a busy machine) is helped
   * by the other instead of waited for.
   */
  count(units: readonly CountUnit[], question: Q): A[] {
    // undefined: not counted yet
    const results: (A | undefined)[] = units.map(() => undefined);
    const biggestFirst = (a: number, b: number) => weightOf(units[b]!.table) - weightOf(units[a]!.table);
    const there = this.share(units).sort(biggestFirst);
    let job: CountJob<Q> | null = null;
    const mine = units.map((unit, i) => i).filter((i) => !there.includes(i)).sort(biggestFirst);
    const claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, units.length)));
    if (there.length > 0 && this.start() && this.ready) {
      const stealable = this.steal ? mine.filter((i) => isShared(units[i]!.table)).reverse() : [];
      job = this.jobFor(units, there, stealable, claims, question);
      this.port!.postMessage(job);
    }
    const started = performance.now();
    // Tables only this thread can count (not in shared memory) first, then the shared ones, claimed.
    for (const i of mine) if (!job || !isShared(units[i]!.table)) results[i] = this.options.count(units[i]!.table, question);
    for (const i of mine) if (job && isShared(units[i]!.table) && Atomics.compareExchange(claims, i, FREE, HERE) === FREE) results[i] = this.options.count(units[i]!.table, question);
    // The other thread not ready (still loading, or failed): everything is counted here, its share too.
    if (!job) return units.map((unit, i) => (results[i] === undefined ? this.options.count(unit.table, question) : results[i]!));
    const readsPageIndex = this.options.readsPageIndex?.(question) ?? false;
    // The other side counts its own smallest first (below): its biggest are taken here first.
    for (let k = 0; k < there.length && this.steal; k++) {
      const i = there[k]!;
      if (readsPageIndex && !hasPageIndex(units[i]!.table)) continue; // not read on this side: left to the other
      if (Atomics.compareExchange(claims, i, FREE, HERE) === FREE) results[i] = this.options.count(units[i]!.table, question);
    }
    const counted = performance.now();
    const theirs = units.map((unit, i) => i).filter((i) => Atomics.load(claims, i) === THERE);
    // How long this side took per unit of weight: the other side is waited for about as long as this one
    // would take to count what it still has (3 times over), then what it has not answered is counted here.
    let weightHere = 0;
    units.forEach((unit, i) => { if (results[i] !== undefined) weightHere += weightOf(unit.table); });
    const msPerWeight = weightHere > 0 ? (counted - started) / weightHere : 0;
    // Once everything here is counted and the other side has begun nothing, its answer is not waited for.
    if (results.some((count) => count === undefined)) this.collect(job.job, results, (i) => 3 * msPerWeight * weightOf(units[i]!.table));
    // Given up on: what the other side has not begun is claimed here, so it does not count it in vain.
    units.forEach((unit, i) => Atomics.compareExchange(claims, i, FREE, HERE));
    debug('counted %d tables here in %s ms, %d there; waited %s ms', units.length - theirs.length, (counted - started).toFixed(1), theirs.length, (performance.now() - counted).toFixed(1));
    // What the other side claimed but did not answer (it failed or was too slow) is counted here.
    return results.map((count, i) => (count === undefined ? this.options.count(units[i]!.table, question) : count));
  }

  close(): void {
    this.failed = true; // closed: never started again
    void this.worker?.terminate();
    this.worker = null;
    this.port?.close();
    this.port = null;
  }

  /** The units the other thread counts: about half the work, each table on the side it was counted before. */
  private share(units: readonly CountUnit[]): number[] {
    if (this.failed) return [];
    const shared = units.map((unit, i) => i).filter((i) => isShared(units[i]!.table));
    const pageviews = shared.reduce((sum, i) => sum + units[i]!.table.pvPage.length, 0);
    if (pageviews < (this.options.minPageviews ?? MIN_PAGEVIEWS)) return [];
    let here = 0, there = 0;
    const fresh: number[] = [];
    units.forEach((unit, i) => {
      const side = isShared(unit.table) ? this.side.get(unit.table) : 'here';
      if (side === 'here') here += weightOf(unit.table);
      else if (side === 'there') there += weightOf(unit.table);
      else fresh.push(i);
    });
    fresh.sort((a, b) => weightOf(units[b]!.table) - weightOf(units[a]!.table));
    for (const i of fresh) {
      const table = units[i]!.table, weight = weightOf(table);
      const side = there < here ? 'there' : 'here';
      this.side.set(table, side);
      if (side === 'there') there += weight; else here += weight;
    }
    return units.map((unit, i) => i).filter((i) => this.side.get(units[i]!.table) === 'there');
  }

  private jobFor(units: readonly CountUnit[], there: number[], stealable: number[], claims: Int32Array, question: Q): CountJob<Q> {
    const drop: number[] = [];
    for (const [id, table] of this.handed) if (!this.options.holds(table)) { drop.push(id); this.handed.delete(id); this.ids.delete(table); }
    const add: HandedTable[] = [];
    // Its own smallest first: a thread whose code is not yet optimised for a new kind of question warms up
    // on day tables, and is never the one still counting a month when this thread is done.
    const jobUnits = [...[...there].reverse(), ...stealable].map((i) => {
      const { table } = units[i]!;
      let id = this.ids.get(table);
      if (id === undefined) {
        id = this.nextId++;
        this.ids.set(table, id);
        this.handed.set(id, table);
        const ordinals = knownOrdinals(table);
        add.push({ id, table, pageIndexPath: this.options.pageIndexPath(table), ...(ordinals ? { ordinals } : {}) });
      }
      return { at: i, id };
    });
    return { job: this.nextJob++, drop, add, units: jobUnits, own: there.length, claims, question, readsPageIndex: this.options.readsPageIndex?.(question) ?? false };
  }

  private start(): boolean {
    if (this.worker) return true;
    if (this.failed) return false;
    try {
      const { port1, port2 } = new MessageChannel();
      const data: CountThreadData = { port: port2, signal: this.signal, trustedFolders: this.options.trustedFolders.paths };
      const worker = startTunedWorker(this.options.workerUrl, { workerData: data, transferList: [port2] });
      worker.on('error', (error) => { debug('the counting thread failed: %s', error); this.fail(); });
      worker.on('exit', () => this.fail());
      worker.unref();
      port1.unref();
      this.worker = worker;
      this.port = port1;
      return true;
    } catch {
      this.failed = true;
      return false;
    }
  }

  /**
   * The other thread's answers to `job`, a table at a time, into `results`, until every table is answered,
   * the thread says it is done, or it has answered nothing for longer than `patience` of a table it still
   * owes (a thread descheduled on a busy machine: those are counted here rather than waited for). A thread
   * that has not answered for 30 s is taken for lost and not asked again.
   */
  private collect(job: number, results: (A | undefined)[], patience: (unit: number) => number): void {
    const deadline = performance.now() + ANSWER_TIMEOUT_MS;
    let lastAnswer = performance.now();
    while (this.port) {
      const seen = Atomics.load(this.signal, 0);
      const got = receiveMessageOnPort(this.port);
      if (got) {
        const answer = got.message as CountAnswer<A>;
        if (answer.job !== job) continue; // an answer to a question given up on
        if (!answer.counted || !answer.figures) return;
        answer.counted.forEach((i, k) => { if (results[i] === undefined) { results[i] = answer.figures![k]!; this.handedOver++; } });
        if (answer.done) return;
        lastAnswer = performance.now();
        continue;
      }
      let owed = -1;
      results.forEach((count, i) => { if (count === undefined) owed = Math.max(owed, patience(i)); });
      if (owed < 0) return;
      const now = performance.now(), wait = Math.min(deadline, lastAnswer + Math.max(this.minPatienceMs, owed)) - now;
      if (now >= deadline) break;
      if (wait <= 0) return;
      Atomics.wait(this.signal, 0, seen, Math.min(wait, 1000));
    }
    this.fail();
  }

  private fail(): void {
    this.failed = true;
    this.close();
    this.handed.clear();
  }
}
