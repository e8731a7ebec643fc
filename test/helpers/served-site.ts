// The test site (test-site.ts) served over real HTTP (mcp-http.ts), its people signed in through the panel's
// forms (panel-harness.ts) when a test asks: the set-up the panel, MCP, content and statistics tests share,
// made and closed here (issue 39) rather than copied into each file. A test that prepares the site before it
// is served (files, accounts, a statistics service) makes it with makeTestSite() and passes it in.
import { makeTestSite, PASSWORD, type TestSite } from './test-site.ts';
import { startHttp, type HttpHarness } from './mcp-http.ts';
import { signIn, type Jar } from './panel-harness.ts';

/** Where panel-harness's get, post and signIn send their requests. */
export type PanelAddress = { url: string };

export interface ServedSite {
  site: TestSite;
  http: HttpHarness;
  /** The server's own address (`http://127.0.0.1:<port>`), where the site, the panel and the API are. */
  base: string;
  /** The same address as a PanelAddress. */
  panel: PanelAddress;
  /** Signs a person in through the real sign-in forms: one of PEOPLE, or one the test added with PASSWORD. */
  signIn(email: string): Promise<Jar>;
  /** Stops the server and removes the site's folder, also when stopping reports an answer openapi.json does not allow. */
  close(): Promise<void>;
}

export interface ServeOptions {
  /** A site the test made and prepared first (its files, accounts, statistics); else a fresh makeTestSite(). */
  site?: TestSite;
  /** startHttp's MCP options: a router holding only the MCP routes, built with them. */
  mcp?: Parameters<typeof startHttp>[1];
}

export async function serveTestSite(options: ServeOptions = {}): Promise<ServedSite> {
  const site = options.site ?? await makeTestSite();
  let http: HttpHarness;
  try {
    http = await startHttp(site, options.mcp);
  } catch (error) {
    // A server that never started leaves no site behind either.
    site.cleanup();
    throw error;
  }
  const base = http.url.replace('/svc/mcp', '');
  const panel = { url: base };
  return {
    site, http, base, panel,
    signIn: (email) => signIn(panel, email, PASSWORD),
    async close() {
      try {
        await http.close();
      } finally {
        site.cleanup();
      }
    },
  };
}
