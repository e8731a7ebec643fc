// Boots the whole server (buildDeps + buildRouter, as dist/server.js does) on a real port over a temp
// site, with a clock the test moves, and plays the browser and the OAuth client against it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { buildRouter } from '../../dist/wiring/routes.js';
import { createHttpServer } from '../../dist/http/server.js';
import type { AppDeps } from '../../src/wiring/app-deps.ts';
import { createFixtureSite } from './fixture-site.ts';
import { OAuthService } from '../../dist/oauth/oauth-service.js';
import { Jar, csrfOf, get, post as postForm, signIn as signInWith } from './panel-harness.ts';

export { Jar, csrfOf, get, postForm };
export const PASSWORD = 'correct horse battery';

export interface OAuthHarness {
  url: string;
  root: string;
  deps: AppDeps;
  clock: { now: number };
  close(): Promise<void>;
}

/** A port that was free a moment ago: the base URL (issuer, resource) must be known before routes exist. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Ada (admin), Carl (contributor) and Tom (author, two-factor on). `loopbackClientDocuments`: the test-only
 * switch that lets client metadata documents come from http://127.0.0.1 (the OAuthService is then built here).
 */
export async function startOAuthServer(options: { loopbackClientDocuments?: boolean } = {}): Promise<OAuthHarness> {
  // Tests side by side may take the port between its choice and the listen: then all again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
    }
  }
}

async function startOnFreePort(options: { loopbackClientDocuments?: boolean }): Promise<OAuthHarness> {
  const root = createFixtureSite();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
  const config = { root, dataDir: join(root, 'data'), host: '127.0.0.1', port, baseUrl: url, trustProxy: false };
  const deps = await buildDeps(config, () => clock.now);
  deps.log = () => {};
  if (options.loopbackClientDocuments) {
    deps.oauth = new OAuthService({ dataDir: config.dataDir, config, clock: () => clock.now, log: () => {}, people: deps.auth, allowLoopbackClientDocuments: true });
  }
  await deps.auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: PASSWORD });
  await deps.auth.accounts.create({ name: 'Carl Contributor', email: 'carl@example.org', role: 'contributor', password: PASSWORD });
  await deps.auth.accounts.create({ name: 'Tom Two', email: 'tom@example.org', role: 'author', password: PASSWORD });
  deps.auth.accounts.enableTotp('tom');
  const server: Server = createHttpServer(buildRouter(deps), { trustProxy: false, log: () => {} });
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url, root, deps, clock,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function postJson(h: OAuthHarness, path: string, value: unknown): Promise<{ res: Response; json: any }> {
  const res = await fetch(h.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
  return { res, json: await res.json() };
}

/** Signs in through the real panel forms. */
export function signIn(h: OAuthHarness, email: string, jar = new Jar()): Promise<Jar> {
  return signInWith(h, email, PASSWORD, jar);
}

export const REDIRECT_URI = 'http://127.0.0.1:4567/callback';

export async function registerClient(h: OAuthHarness, extra: Record<string, unknown> = {}): Promise<string> {
  const { res, json } = await postJson(h, '/svc/oauth/register', { client_name: 'Test Assistant', redirect_uris: [REDIRECT_URI], ...extra });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${JSON.stringify(json)}`);
  return json.client_id;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizePath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return `/svc/oauth/authorize?${query}`;
}

export interface AuthorizationParams {
  clientId: string;
  challenge: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  resource?: string;
}

export function authorizationQuery(h: OAuthHarness, p: AuthorizationParams): Record<string, string | undefined> {
  return {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri ?? REDIRECT_URI,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    state: p.state ?? 'xyz',
    scope: p.scope,
    resource: p.resource ?? `${h.url}/svc/mcp`,
  };
}

/** The hidden fields of the consent form, as the browser would post them back. */
export function consentFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[match[1]!] = match[2]!.replace(/&#x([0-9A-F]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return out;
}

/** Opens the consent page as the signed-in person, allows the given rights, and returns the redirect. */
export async function consent(h: OAuthHarness, jar: Jar, p: AuthorizationParams, grant: string[]): Promise<URL> {
  const page = await get(h, authorizePath(authorizationQuery(h, p)), jar);
  if (page.res.status !== 200) throw new Error(`consent page answered ${page.res.status}: ${page.text.slice(0, 300)}`);
  const { res } = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), grant, decision: 'allow' }, jar);
  if (res.status !== 303) throw new Error(`consent answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

export async function tokenRequest(h: OAuthHarness, fields: Record<string, string | undefined>): Promise<{ res: Response; json: any }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
  const res = await fetch(`${h.url}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { res, json: await res.json() };
}
