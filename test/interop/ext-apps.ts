// `make interop`, MCP Apps: the official v2 client (@modelcontextprotocol/client 2.4.x) declares the
// extension io.modelcontextprotocol/ui and talks to the real server (HTTP) and the real stdio process, in
// the 2025 handshake (mode legacy) and in 2026-07-28 (pinned); for each tool with a view it reads the view
// and calls the tool, and the official ext-apps host side (AppBridge, test/helpers/ext-apps-host.ts) draws
// the view in Chromium. Checks what is drawn: titles, table rows, the diff.
// Usage: node --import tsx test/interop/ext-apps.ts MCP_URL STDIO_JS SITE_ROOT   (TOKEN in the environment)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium, loadBrowserTools, type Browser } from '../helpers/browser.ts';
import { drawView, EXT_APPS_DIR, extAppsHostBundle, startHostPage, UI_CAPABILITIES } from '../helpers/ext-apps-host.ts';

const [url, stdioJs, root] = process.argv.slice(2);
const token = process.env.TOKEN!;

interface V2 {
  Client: new (info: object, options: object) => any;
  StreamableHTTPClientTransport: new (url: URL, options: object) => any;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`not drawn as expected: ${what}`);
}

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('Chromium is needed (the chromium-headless-shell or chromium package)');
  const host = await startHostPage(extAppsHostBundle());
  const v2 = await import(pathToFileURL(join(EXT_APPS_DIR, 'node_modules/@modelcontextprotocol/client/dist/index.mjs')).href) as V2;
  const { StdioClientTransport } = await import(pathToFileURL(join(EXT_APPS_DIR, 'node_modules/@modelcontextprotocol/client/dist/stdio.mjs')).href) as { StdioClientTransport: new (options: object) => any };
  const browser: Browser = await loadBrowserTools().chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  let failed = 0;
  try {
    for (const transportName of ['http', 'stdio'] as const) {
      for (const mode of ['legacy', '2026-07-28'] as const) {
        const transport = transportName === 'http'
          ? new v2.StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers: { authorization: `Bearer ${token}` } } })
          : new StdioClientTransport({ command: process.execPath, args: [stdioJs, `--root=${root}`], env: { PATH: process.env.PATH, SVC_TOKEN: token }, stderr: 'inherit' });
        const client = new v2.Client({ name: `svc-interop-ext-apps-${transportName}-${mode}`, version: '1.0.0' },
          { capabilities: UI_CAPABILITIES, versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } } });
        await client.connect(transport);
        try {
          await exercise(client, browser, host.url, `Apps interop ${transportName} ${mode}`);
          process.stdout.write(`PASS  ext-apps host draws the three views (${transportName}, ${mode})\n`);
        } catch (error) {
          failed++;
          process.stdout.write(`FAIL  ext-apps host draws the three views (${transportName}, ${mode}): ${(error as Error).message}\n`);
        } finally {
          await client.close();
        }
      }
    }
  } finally {
    await browser.close();
    await host.close();
  }
  process.exit(failed === 0 ? 0 : 1);
}

async function exercise(client: any, browser: Browser, hostUrl: string, title: string): Promise<void> {
  const tools = (await client.listTools()).tools as Array<{ name: string; _meta?: { ui?: { resourceUri?: string } } }>;
  const draw = async (name: string, args: Record<string, unknown>, locale: string) => {
    const uri = tools.find((tool) => tool.name === name)?._meta?.ui?.resourceUri;
    if (!uri) throw new Error(`${name} names no view in tools/list`);
    const html = (await client.readResource({ uri })).contents[0].text as string;
    const result = await client.callTool({ name, arguments: args });
    const drawn = await drawView(browser, hostUrl, { html, args, result, hostContext: { theme: 'dark', locale }, read: (resource) => client.readResource({ uri: resource }) });
    const view = drawn.page.locator('#view').contentFrame();
    await view.locator('h1').waitFor();
    return { ...drawn, view, result };
  };

  const created = await client.callTool({ name: 'content_create', arguments: { title, body: 'Drawn by the ext-apps host.' } });
  const id = created.structuredContent.id as string;

  const preview = await draw('content_read', { id }, 'en-US');
  await preview.view.locator('iframe.page').waitFor();
  check(await preview.view.locator('h1').textContent() === `Preview of ${title}`, 'the preview title');
  check(await preview.view.locator('iframe.page').contentFrame().locator('main h1').textContent() === title, 'the page inside the preview');
  await preview.page.close();

  const review = await draw('content_publish', { id }, 'de-DE');
  await review.view.locator('.diff').waitFor();
  check(await review.view.locator('h1').textContent() === `Veröffentlichung prüfen: ${title}`, 'the review title');
  check((await review.view.locator('.diff ins').first().textContent())?.trim() === 'Drawn by the ext-apps host.', 'the diff');
  await review.page.close();

  const stats = await draw('stats_overview', { period: '30d' }, 'en-US');
  check(await stats.view.locator('h1').textContent() === 'Statistics', 'the statistics title');
  const rows = (stats.result.structuredContent.top_pages as unknown[]).length;
  check(await stats.view.locator('#top-pages tbody tr').count() === rows, 'the top pages rows');
  await stats.page.close();
  const problems = [...preview.problems, ...review.problems, ...stats.problems];
  if (problems.length > 0) throw new Error(problems.join('; '));
}

main().catch((error) => {
  process.stderr.write(`ext-apps interop: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
