// A small keep-alive HTTP/1.1 load generator on raw sockets (what autocannon does, without installing it):
// each connection sends one request, reads the whole answer, records the latency and sends the next.
// Request bytes are built once; the reader understands Content-Length and chunked answers.
import { connect, type Socket } from 'node:net';

export interface LoadOptions {
  host: string;
  port: number;
  /** Ready-made requests; connection k starts at a different offset and cycles through them. */
  requests: Buffer[];
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  /** Requests per second over the measured time. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers whose status was not 2xx, by status. */
  non2xx: Record<string, number>;
  errors: number;
  bytes: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/** Builds a GET request with the given extra headers (keep-alive is HTTP/1.1's default). */
export function buildGet(host: string, port: number, path: string, headers: Record<string, string> = {}): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${host}:${port}`, 'Accept: application/json', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
}

/** Builds a POST request with a JSON body. */
export function buildPost(host: string, port: number, path: string, body: string, headers: Record<string, string> = {}): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  const lines = [`POST ${path} HTTP/1.1`, `Host: ${host}:${port}`, 'Content-Type: application/json', `Content-Length: ${bytes.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), bytes]);
}

interface Reading {
  headerLength: number;
  status: number;
  /** Content-Length, or -1 for chunked. */
  bodyLength: number;
}

function readHead(buffer: Buffer): Reading | null | Error {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buffer.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return { headerLength: end + 4, status, bodyLength: Number(length[1]) };
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { headerLength: end + 4, status, bodyLength: -1 };
  if (status === 304 || status === 204) return { headerLength: end + 4, status, bodyLength: 0 };
  return new Error(`an answer without Content-Length or chunked encoding: ${head.split('\r\n')[0]}`);
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const non2xx: Record<string, number> = {};
  let errors = 0, bytes = 0;
  let stopping = false;
  const started = performance.now();
  const sockets: Socket[] = [];

  const openConnection = (index: number): Promise<void> => new Promise((resolve) => {
    let next = Math.floor((index * options.requests.length) / options.connections);
    let pending: Buffer = Buffer.alloc(0);
    let head: Reading | null = null;
    let sentAt = 0;
    const socket = connect({ host: options.host, port: options.port, noDelay: true });
    sockets.push(socket);
    const send = () => {
      if (stopping) { socket.end(); return; }
      sentAt = performance.now();
      socket.write(options.requests[next]!);
      next = (next + 1) % options.requests.length;
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!head) {
        const read = readHead(pending);
        if (read instanceof Error) { errors++; socket.destroy(read); return; }
        if (!read) return;
        head = read;
      }
      // One request in flight per connection, so the answer ends where the buffer ends.
      const complete = head.bodyLength >= 0
        ? pending.length >= head.headerLength + head.bodyLength
        : pending.length >= head.headerLength + 5 && pending.subarray(pending.length - CHUNKED_END.length).equals(CHUNKED_END);
      if (!complete) return;
      latencies.push(performance.now() - sentAt);
      if (head.status < 200 || head.status > 299) non2xx[head.status] = (non2xx[head.status] ?? 0) + 1;
      pending = Buffer.alloc(0);
      head = null;
      send();
    });
    socket.on('error', () => { errors++; });
    socket.on('close', () => resolve());
  });

  const done = Promise.all(Array.from({ length: options.connections }, (_, i) => openConnection(i)));
  return new Promise((resolve) => {
    setTimeout(() => {
      stopping = true;
      const elapsed = (performance.now() - started) / 1000;
      // Connections finish their request in flight; give them a moment, then cut any that hang.
      const cut = setTimeout(() => sockets.forEach((s) => s.destroy()), 2000);
      void done.then(() => {
        clearTimeout(cut);
        const sorted = Float64Array.from(latencies).sort();
        const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
        resolve({
          requests: latencies.length, rps: latencies.length / elapsed,
          p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.length ? sorted[sorted.length - 1]! : NaN,
          non2xx, errors, bytes,
        });
      });
    }, options.durationMs);
  });
}
