// Boots only the panel routes on a real HTTP server (port 0) over a temp data folder, with a clock the test
// moves, plus a tiny cookie jar and form helpers.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from '../../dist/http/router.js';
import { createHttpServer } from '../../dist/http/server.js';
import { AuthService } from '../../dist/auth/auth-service.js';
import type { PanelSessionDeps } from '../../src/panel/panel-deps.ts';
import { SIGN_IN_WINDOW_MS, SignInThrottle } from '../../dist/panel/sign-in-throttle.js';
import { registerHomeRoutes } from '../../dist/panel/home/home-routes.js';
import { registerSignInRoutes } from '../../dist/panel/sign-in/sign-in-routes.js';
import { registerAssistantsRoutes } from '../../dist/panel/assistants/assistants-routes.js';
import { registerAccountRoutes } from '../../dist/panel/account/account-routes.js';
import { inRequestLanguage } from '../../dist/panel/panel-language.js';
import { siteFolders } from '../../dist/config.js';
import { writeSite, type SiteDescription } from './write-site.ts';

export interface PanelHarness {
  url: string;
  dir: string;
  deps: PanelSessionDeps;
  logs: string[];
  clock: { now: number };
  close(): Promise<void>;
}

/** `site`: the site the pages name (its title, the issuer in two-factor addresses), written once the panel listens. */
export async function startPanel(options: { baseUrl?: string; site?: SiteDescription } = {}): Promise<PanelHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-panel-'));
  const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const config = { root: dir, dataDir: join(dir, 'data'), host: '127.0.0.1', port: 0, baseUrl: options.baseUrl ?? '', trustProxy: false };
  const trustedFolders = siteFolders(config);
  const auth = new AuthService({ dataDir: config.dataDir, clock: () => clock.now, log, trustedFolders });
  const deps: PanelSessionDeps = { config, clock: () => clock.now, log, auth, trustedFolders };
  // The people-side pages, as the composition root registers them (src/wiring/panel-routes.ts), each in the
  // words of the person asking.
  const router = new Router().aroundEach(inRequestLanguage(deps));
  const throttle = new SignInThrottle(deps.clock);
  registerHomeRoutes(router, deps);
  registerSignInRoutes(router, deps, throttle);
  registerAssistantsRoutes(router, deps);
  registerAccountRoutes(router, deps, throttle);
  const server: Server = createHttpServer(router, { trustProxy: false, log });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!options.baseUrl) config.baseUrl = url;
  if (options.site) writeSite(dir, options.site);
  return {
    url, dir, deps, logs, clock,
    async close() {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Cookies a browser would keep for the panel. */
export class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export async function get(h: { url: string }, path: string, jar?: Jar): Promise<{ res: Response; text: string }> {
  const res = await fetch(h.url + path, { redirect: 'manual', headers: jar ? { cookie: jar.header() } : {} });
  jar?.take(res);
  return { res, text: await res.text() };
}

/** Posts a form as a browser does; a field given as undefined is left out. */
export async function post(h: { url: string }, path: string, fields: Record<string, string | string[] | undefined>, jar?: Jar, headers: Record<string, string> = {}): Promise<{ res: Response; text: string }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) for (const item of [value].flat()) body.append(key, item);
  const res = await fetch(h.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(jar ? { cookie: jar.header() } : {}), ...headers },
    body,
  });
  jar?.take(res);
  return { res, text: await res.text() };
}

/** The CSRF value of the first form on a page. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF field on the page');
  return match[1]!;
}

/** The sign-in form sent as a browser sends it: fetched (its CSRF value and cookie), filled in, posted. */
export async function sendSignInForm(h: { url: string }, fields: { email: string; password: string; next?: string }, jar = new Jar()): Promise<{ res: Response; text: string }> {
  const page = await get(h, '/svc/panel/sign-in', jar);
  return post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), ...fields }, jar);
}

/** Signs in through the real forms and returns the jar holding the session cookie. */
export async function signIn(h: { url: string }, email: string, password: string, jar = new Jar()): Promise<Jar> {
  const { res } = await sendSignInForm(h, { email, password }, jar);
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  return jar;
}

/** Moves the clock past the sign-in throttle's window: every sign-in bucket is full again. */
export function passSignInWindow(h: PanelHarness): void {
  h.clock.now += SIGN_IN_WINDOW_MS + 60_000;
}

let added = 0;

/**
 * A new person of `role` (`<name> <n>`, `<name><n>@example.org`), signed in: their own sign-in bucket, so a test
 * may use up theirs without touching another's.
 */
export async function addPerson(h: PanelHarness, name: string, role: string, password: string): Promise<{ id: string; email: string; jar: Jar }> {
  added += 1;
  const email = `${name.toLowerCase()}${added}@example.org`;
  const account = await h.deps.auth.accounts.create({ name: `${name} ${added}`, email, role, password });
  return { id: account.id, email, jar: await signIn(h, email, password) };
}

/** The version stamp of a translation's edit form on an entry page (sent back with every save). */
export function versionOf(html: string, language = 'en'): string {
  const match = new RegExp(`name="language" value="${language}"><input type="hidden" name="version" value="([^"]+)"`).exec(html);
  if (!match) throw new Error(`no ${language} edit form on the page`);
  return match[1]!;
}

/** The version stamps the Content list's bulk form carries, a `seen` value a row (sent back with Publish and Unpublish). */
export function seenOf(html: string): string[] {
  return [...html.matchAll(/<input type="hidden" name="seen" value="([^"]+)">/g)].map((match) => match[1]!);
}
