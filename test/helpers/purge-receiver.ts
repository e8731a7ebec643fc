// A local stand-in for the purge APIs that cannot be reached from a test (Fastly, Cloudflare) and for any
// address purges are sent to: it records every request (method, path, headers, body) and answers as told,
// so a test checks each request as the API's documentation requires.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest { method: string; path: string; headers: IncomingHttpHeaders; body: string }

export interface PurgeReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** How the next requests are answered: a status and body, or 'hang' (never answered). */
  answer: { status: number; body: string } | 'hang';
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
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}
