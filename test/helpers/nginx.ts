// The real nginx in front of real svc servers, with the repository's deploy/nginx/svc.conf: its upstream
// pointed at the servers' ports, its listen port and cache folder in a temp folder, the rest as shipped,
// inside the smallest main configuration nginx runs with. Debian's nginx-light; `.ci/run` installs it where
// missing, and a test skips, saying why, only where nginx is not there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SHIPPED = new URL('../../deploy/nginx/svc.conf', import.meta.url);

/** nginx's path, or null where it is not installed. */
export function findNginx(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx');
  }
  return null;
}

export const NO_NGINX = 'nginx is not installed here (apt-get install nginx-light; .ci/run installs it)';

/** The shipped server block with its upstream at these ports, listening on `port`, caching under `cacheDir`. */
export function confFor(port: number, backendPorts: number[], cacheDir: string): string {
  const shipped = readFileSync(SHIPPED, 'utf8');
  const servers = backendPorts.map((backend) => `  server 127.0.0.1:${backend};`).join('\n');
  const conf = shipped
    .replace(/  server 127\.0\.0\.1:8080;\n  # server 127\.0\.0\.1:8081;[^\n]*\n/, `${servers}\n`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/cache/nginx/svc', cacheDir);
  if (conf.includes('8080') || conf.includes('listen 80;') || conf.includes('/var/cache')) throw new Error('deploy/nginx/svc.conf changed shape: update test/helpers/nginx.ts');
  return conf;
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on `port` in front of the servers at `backendPorts`; resolves once it answers. */
export async function startNginx(nginx: string, port: number, backendPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-nginx-'));
  for (const sub of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'svc.conf'), confFor(port, backendPorts, join(dir, 'cache')));
  // Run as root, nginx hands its workers to `nobody`, who could not enter the temp folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(join(dir, 'nginx.conf'), `${user}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'svc.conf')};
}
`);
  let log = '';
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => { log += chunk; });
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${log}${readIfThere(join(dir, 'error.log'))}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readIfThere(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}
