// A tiny reverse proxy for the conformance suite, whose client sends no token: it adds the Authorization
// header and passes everything else (Host and Origin included) through unchanged, so the server's own checks
// still run. It lives in the test harness only; the server has no unauthenticated mode.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startAuthProxy(targetPort: number, token: string): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    const upstream = request({
      host: '127.0.0.1', port: targetPort, method: req.method, path: req.url,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
