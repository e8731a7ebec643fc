// Webhook delivery in a thread of its own (webhook-worker.ts), started while the site has endpoints. Taking
// the changes, rendering each entry for its message, the queue and log files, signing and sending ran on the
// server's event loop and doubled a write's median time with ten endpoints (test/bench/edge.bench.ts); the
// server's thread now only answers the thread's asks for entries (webhook-entries.ts), one per batch of
// events. A thread that fails is logged and started again, from its cursor: nothing is lost, at worst a
// message is sent twice (at least once). A stop lets it write what it took first.
import type { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './app-deps.js';
import { startTunedWorker } from '../process-tuning/tuned-worker.js';
import { entriesAnswer } from './webhook-entries.js';
import type { FromWebhookThread, ToWebhookThread, WebhookThreadSetup } from './webhook-worker.js';

export type WebhookThreadOptions = Pick<WebhookThreadSetup, 'pollMs' | 'retryDelaysMs' | 'timeoutMs'>;

/** How often the server's thread looks whether the site has endpoints (one read of a small file). */
const LOOK_MS = 500;
/** How long a stop waits for the thread to write what it took before ending it. */
const STOP_WAIT_MS = 5_000;
/** A failed thread is started again after these waits, one more for each failure in a row. */
const RESTART_MS = [1_000, 5_000, 30_000, 120_000];
/** A thread that ran this long before it failed counts as a first failure again. */
const RAN_WELL_MS = 600_000;

export class WebhookThread {
  private worker: Worker | null = null;
  private sending = false;
  private ending: Promise<void> | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private notBefore = 0;

  constructor(
    private readonly app: Pick<AppDeps, 'content' | 'config' | 'log' | 'webhooks'>,
    private readonly feedDir: string,
    private readonly options: WebhookThreadOptions = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.look(), LOOK_MS);
    this.timer.unref();
    this.look();
  }

  /** Stops looking and stops the thread, once it wrote what it took (at most STOP_WAIT_MS). */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.endThread();
  }

  /** Whether this process delivers (its thread holds the lease). */
  get isSending(): boolean {
    return this.worker !== null && this.sending;
  }

  /** The thread while it runs (the tests make it fail). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** A thread while there are endpoints, none otherwise (a site without webhooks keeps no thread). */
  private look(): void {
    if (this.closed || this.ending) return;
    const wanted = this.app.webhooks.endpoints.list().length > 0;
    if (wanted && !this.worker && Date.now() >= this.notBefore) this.startThread();
    else if (!wanted && this.worker) void this.endThread();
  }

  private startThread(): void {
    const setup: WebhookThreadSetup = {
      dataDir: this.app.config.dataDir, feedDir: this.feedDir, contentDir: this.app.content.contentDir,
      trustedFolders: this.app.content.trustedFolders.paths,
      allowLoopback: this.app.webhooks.endpoints.allowLoopback, ...this.options,
    };
    // Built, the thread's module is a .js beside this one; run from source (src/ through tsx), a .ts.
    const url = new URL(`./webhook-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
    const worker = startTunedWorker(url, { workerData: setup });
    // The server's stop ends it (stop()); it never keeps a process alive by itself.
    worker.unref();
    this.worker = worker;
    const started = Date.now();
    let failed = false;
    worker.on('message', (message: FromWebhookThread) => this.heard(worker, message));
    worker.on('error', (error) => {
      failed = true;
      this.app.log(`svc: webhook delivery failed in its thread (${error?.message ?? error}); it starts again from where it stopped.`);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) {
        this.worker = null;
        this.sending = false;
      }
      if (this.ending || this.closed) return;
      if (!failed) this.app.log(`svc: webhook delivery's thread ended (code ${code}); it starts again from where it stopped.`);
      if (Date.now() - started > RAN_WELL_MS) this.failures = 0;
      this.notBefore = Date.now() + RESTART_MS[Math.min(this.failures, RESTART_MS.length - 1)]!;
      this.failures++;
    });
  }

  private heard(worker: Worker, message: FromWebhookThread): void {
    if (message.kind === 'log') this.app.log(message.line);
    else if (message.kind === 'sending') { if (worker === this.worker) this.sending = message.sending; }
    else if (message.kind === 'entries') {
      let answer: ToWebhookThread;
      try {
        answer = { kind: 'entries', request: message.request, answer: entriesAnswer(this.app.content, message.ids) };
      } catch (error) {
        answer = { kind: 'entries', request: message.request, problem: `the entries could not be read: ${(error as Error)?.message ?? error}` };
      }
      worker.postMessage(answer);
    }
  }

  private endThread(): Promise<void> {
    const worker = this.worker;
    if (!worker) return Promise.resolve();
    this.ending ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => { worker.terminate().catch(() => { /* ended meanwhile: its exit resolves this */ }); }, STOP_WAIT_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ kind: 'stop' } satisfies ToWebhookThread);
    }).finally(() => { this.ending = null; });
    return this.ending;
  }
}
