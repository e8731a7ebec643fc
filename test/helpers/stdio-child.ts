// Spawns the real `node dist/stdio.js` and talks to it line by line.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const STDIO_JS = fileURLToPath(new URL('../../dist/stdio.js', import.meta.url));

export interface StdioChild {
  child: ChildProcessWithoutNullStreams;
  /** Every line written to stdout, parsed. */
  lines: unknown[];
  stderr(): string;
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** Resolves with the next stdout message (in order). */
  next(): Promise<any>;
  request(method: string, params?: unknown): Promise<any>;
  exit(): Promise<{ code: number | null; stdout: string }>;
}

let nextId = 1;

export function spawnStdio(args: string[], env: Record<string, string | undefined> = {}): StdioChild {
  return spawnStdioCommand(process.execPath, [STDIO_JS, ...args], { PATH: process.env.PATH, ...env });
}

/** Starts a stdio server as a client's settings say (a command, its arguments, the environment, a folder). */
export function spawnStdioCommand(command: string, args: string[], env: Record<string, string | undefined>, cwd?: string): StdioChild {
  const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let buffer = '';
  const lines: unknown[] = [];
  const waiting: Array<{ resolve: (message: unknown) => void; reject: (error: Error) => void }> = [];
  let read = 0;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    // What exit() gives back: the last 16 MB at most (a bench asks for thousands of long lists).
    stdout = (stdout + text).slice(-16 * 1024 * 1024);
    buffer += text;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      // A line that is not JSON fails the test that reads it: stdout must carry protocol only.
      lines.push(JSON.parse(line));
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(lines[read++]);
    }
  });
  child.stderr.on('data', (text: string) => { stderr += text; });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // A server that ends (or cannot start) fails the test that waits for its answer instead of hanging it.
  void exited.then((code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`the stdio server ended (exit ${code}) before answering: ${stderr}`));
  });
  const api: StdioChild = {
    child,
    lines,
    stderr: () => stderr,
    send: (message) => child.stdin.write(JSON.stringify(message) + '\n'),
    sendRaw: (text) => child.stdin.write(text),
    next: () => (read < lines.length ? Promise.resolve(lines[read++]) : new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the stdio server ended before answering: ${stderr}`));
      else waiting.push({ resolve, reject });
    })),
    request: (method, params) => {
      api.send({ jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) });
      return api.next();
    },
    exit: async () => {
      child.stdin.end();
      const code = await exited;
      return { code, stdout };
    },
  };
  return api;
}
