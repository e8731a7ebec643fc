// The webhook thread (started by webhook-thread.ts): the dispatcher (edge/webhook-dispatcher.ts) with its
// own feed follower, cursor, lease, queue and log files, the rendering of each message and the sending. It
// asks the server's thread for nothing but the entries a batch of events names (webhook-entries.ts), so a
// write's thread only appends to the feed.
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { ChangeFeed } from '../feed/change-feed.js';
import { WebhookDispatcher } from '../edge/webhook-dispatcher.js';
import { WebhookEndpoints } from '../edge/webhook-endpoints.js';
import { WebhookQueue } from '../edge/webhook-queue.js';
import { systemClock } from '../lib/clock.js';
import { TrustedFolders } from '../lib/trusted-folders.js';
import { takenContent, type EntriesAnswer } from './webhook-entries.js';

export interface WebhookThreadSetup {
  dataDir: string;
  /** data/feed, as the content store's change feed has it. */
  feedDir: string;
  contentDir: string;
  /** The site's trusted folders (lib/trusted-folders.ts), as a list: this thread makes its own value of them. */
  trustedFolders: string[];
  /** The tests' switch (endpoints on 127.0.0.1 over http), handed on from the server's WebhookEndpoints. */
  allowLoopback: boolean;
  pollMs?: number;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

/** From the thread: a line for the log, whether it sends, the entries it needs. */
export type FromWebhookThread =
  | { kind: 'log'; line: string }
  | { kind: 'sending'; sending: boolean }
  | { kind: 'entries'; request: number; ids: readonly string[] };
/** To the thread: the entries asked for (or why they could not be had), or stop. */
export type ToWebhookThread = { kind: 'entries'; request: number; answer: EntriesAnswer } | { kind: 'entries'; request: number; problem: string } | { kind: 'stop' };

// Started by process-tuning/tuned-worker.ts, which hands the setup on as workerData.data.
const setup = (workerData as { data: WebhookThreadSetup }).data;
const port = parentPort!;
const post = (message: FromWebhookThread) => port.postMessage(message);

// What this thread opens below them is checked as the server's thread checks it (lib/no-follow.ts).
const trustedFolders = new TrustedFolders(setup.trustedFolders);

const asked = new Map<number, { resolve: (answer: EntriesAnswer) => void; reject: (error: Error) => void }>();
let requests = 0;
const log = (line: string) => post({ kind: 'log', line });

const endpoints = new WebhookEndpoints(trustedFolders, setup.dataDir, systemClock, setup.allowLoopback);
const dispatcher = new WebhookDispatcher({
  feed: new ChangeFeed({ dir: setup.feedDir, lockPath: join(setup.dataDir, 'locks', 'feed.lock'), trustedFolders, clock: systemClock, log }),
  endpoints,
  queue: new WebhookQueue(trustedFolders, setup.dataDir, { isEndpoint: (id) => endpoints.get(id) !== undefined, log, clock: systemClock }),
  dataDir: setup.dataDir,
  clock: systemClock,
  log,
  content: {
    take: async (ids) => {
      const request = ++requests;
      const answer = await new Promise<EntriesAnswer>((resolve, reject) => {
        asked.set(request, { resolve, reject });
        post({ kind: 'entries', request, ids });
      });
      return takenContent(trustedFolders, answer, setup.contentDir);
    },
  },
  onSending: (sending) => post({ kind: 'sending', sending }),
  ...(setup.pollMs ? { pollMs: setup.pollMs } : {}),
  ...(setup.retryDelaysMs ? { retryDelaysMs: setup.retryDelaysMs } : {}),
  ...(setup.timeoutMs ? { timeoutMs: setup.timeoutMs } : {}),
});

port.on('message', (message: ToWebhookThread) => {
  if (message.kind === 'entries') {
    const waiting = asked.get(message.request);
    asked.delete(message.request);
    // Without the entries the take fails and its cursor stays: the batch is taken again at the next wake.
    if ('answer' in message) waiting?.resolve(message.answer);
    else waiting?.reject(new Error(message.problem));
  } else if (message.kind === 'stop') {
    // The lease is given back and the take under way written (its cursor last); a delivery in flight is cut
    // off and sent again by whoever sends next, with the same webhook-id.
    dispatcher.stop();
    void dispatcher.stopped().then(() => process.exit(0));
  } else {
    throw new Error(`The webhook thread got a message it does not know: ${JSON.stringify(message)}`);
  }
});

dispatcher.start();
