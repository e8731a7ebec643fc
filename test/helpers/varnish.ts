// The real Varnish in front of real svc servers, with the repository's deploy/varnish/svc.vcl: its backends
// pointed at the servers' ports, the rest as shipped. Debian's varnish and varnish-modules (for xkey);
// `.ci/run` installs them where missing, and a test skips, saying why, only where varnishd is not there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VCL = new URL('../../deploy/varnish/svc.vcl', import.meta.url);

/** varnishd's path, or null where it is not installed. */
export function findVarnishd(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    if (dir && existsSync(join(dir, 'varnishd'))) return join(dir, 'varnishd');
  }
  return null;
}

export const NO_VARNISH = 'varnishd is not installed here (apt-get install varnish varnish-modules; .ci/run installs them)';

/** A port free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The shipped VCL with its backends at these ports (round robin over all of them). */
export function vclFor(ports: number[]): string {
  const shipped = readFileSync(VCL, 'utf8');
  const names = ports.map((_, i) => `svc_${String.fromCharCode(97 + i)}`);
  const backends = ports.map((port, i) => `backend ${names[i]} { .host = "127.0.0.1"; .port = "${port}"; }`).join('\n');
  const adds = names.map((name) => `  instances.add_backend(${name});`).join('\n');
  return shipped
    .replace(/backend svc_a \{[^}]*\}\n# backend svc_b[^\n]*\n/, `${backends}\n`)
    .replace(/  instances\.add_backend\(svc_a\);\n  # instances\.add_backend\(svc_b\);\n/, `${adds}\n`);
}

export interface RunningVarnish {
  url: string;
  port: number;
  /** Its working folder (varnishstat -n). */
  workDir: string;
  stop(): Promise<void>;
}

/** varnishd stopped at its start, mostly because its port was taken by another process since it was free. */
export class PortTaken extends Error {
  readonly port: number;

  constructor(port: number, log: string) {
    super(`varnishd stopped at its start on port ${port}: ${log}`);
    this.port = port;
  }
}

/** Starts varnishd on `port` in front of the servers at `backendPorts`; resolves once it answers. */
export async function startVarnish(varnishd: string, port: number, backendPorts: number[]): Promise<RunningVarnish> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-varnish-'));
  writeFileSync(join(dir, 'svc.vcl'), vclFor(backendPorts));
  let log = '';
  const child: ChildProcess = spawn(varnishd, ['-F', '-j', 'none', '-n', join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-T', '127.0.0.1:0', '-f', join(dir, 'svc.vcl'), '-s', 'malloc,64m', '-p', 'default_grace=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => { log += chunk; });
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new PortTaken(port, log);
    }
    // Only Varnish's own answer counts: another process that took the port since it was free answers too,
    // until varnishd, unable to listen there, stops.
    const answer = await fetch(`${url}/robots.txt`).catch(() => null);
    if (answer?.headers.has('x-varnish')) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not answer: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, port, workDir: join(dir, 'work'),
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The servers behind a cache need its address before it starts (they purge it), so its port is chosen free
 * first; tests running side by side may take it in between. Then the servers and the cache are started again
 * on another port, a few times, before giving up.
 */
export async function startInFrontOf<B extends { stop(): Promise<void> }>(varnishd: string, startBackends: (cachePort: number) => Promise<{ backends: B; ports: number[] }>): Promise<{ varnish: RunningVarnish; backends: B }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const { backends, ports } = await startBackends(port);
    try {
      return { varnish: await startVarnish(varnishd, port, ports), backends };
    } catch (error) {
      await backends.stop();
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}
