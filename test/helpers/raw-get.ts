// A request with its target exactly as written, on a connection of its own: fetch would turn a backslash
// into `/` and drop a fragment before sending, and those are spellings the address tests send
// (src/http/canonical-address.ts).
import { connect } from 'node:net';

export interface RawAnswer { status: number; headers: Record<string, string>; body: string }

/** `method` (GET unless said) `target` to the server at `base`, with `headers`; the answer as it came. */
export function rawGet(base: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const { port, hostname } = new URL(base);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${lines}Connection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...fields] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const field of fields) parsed[field.slice(0, field.indexOf(':')).toLowerCase()] = field.slice(field.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}
