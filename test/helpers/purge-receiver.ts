// A local stand-in for the purge APIs that cannot be reached from a test (Fastly, Cloudflare), for any
// address purges are sent to, and for a webhook endpoint: it records every request (method, path, headers, body) and answers as told,
// so a test checks each request as the API's documentation requires.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest { method: string; path: string; headers: IncomingHttpHeaders; body: string }

export interface PurgeReceiver {
  url: string;
  requests: ReceivedRequest[];
  /**
   * How the next requests are answered: a status, body and headers; 'hang' (never answered); 'slow' (a byte
   * every 200 ms, never done); 'huge' (50 MB).
   */
  answer: { status: number; body: string; headers?: Record<string, string> } | 'hang' | 'slow' | 'huge';
  close(): Promise<void>;
}

export async function startPurgeReceiver(): Promise<PurgeReceiver> {
  const receiver = { requests: [] as ReceivedRequest[], answer: { status: 200, body: '{"success":true,"status":"ok"}' } as PurgeReceiver['answer'] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.requests.push({ method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = receiver.answer;
      if (answer === 'hang') return;
      if (answer === 'slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (answer === 'huge') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) });
        const chunk = Buffer.alloc(1024 * 1024, 120);
        let sent = 0;
        const more = (): void => {
          while (sent < 50) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}
