// The official MCP Apps host side for the tests and `make interop`: @modelcontextprotocol/ext-apps's
// AppBridge and PostMessageTransport, fetched at test time into a scratch folder (never into package.json)
// with the MCP client packages it imports, and bundled there with esbuild into one browser script. A host
// page from an origin of its own draws a view in a sandboxed frame with them; the bridge's resources/read
// goes back to the server through the test (playwright's exposeFunction), so every read a view makes is a
// real request under the token.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchPackages } from './scratch-packages.ts';
import type { Browser, Page } from './browser.ts';

export const EXT_APPS = '@modelcontextprotocol/ext-apps@2.0.4';
const PACKAGES = [EXT_APPS, '@modelcontextprotocol/client@~2.4.0', '@modelcontextprotocol/core@~2.4.0', 'zod@4', 'esbuild@0.25.12'];
export const EXT_APPS_DIR = process.env.SVC_EXT_APPS_DIR ?? join(tmpdir(), 'svc-ext-apps');

/** The client capabilities that declare MCP Apps (SEP-1865 "Client<>Server Capability Negotiation"). */
export const UI_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** The SDK's host side as one browser script that sets `globalThis.ExtApps`, installed and built once. */
export function extAppsHostBundle(): string {
  const dir = scratchPackages(EXT_APPS_DIR, PACKAGES, { packageJson: '{"private":true,"type":"module"}\n', afterInstall: buildHostBundle });
  const bundle = join(dir, 'host-bundle.js');
  return readFileSync(bundle, 'utf8');
}

function buildHostBundle(dir: string): void {
  writeFileSync(join(dir, 'host-entry.mjs'), "import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';\nglobalThis.ExtApps = { AppBridge, PostMessageTransport };\n");
  const built = spawnSync(join(dir, 'node_modules/.bin/esbuild'), ['host-entry.mjs', '--bundle', '--format=iife', '--platform=browser', '--outfile=host-bundle.js', '--log-level=warning'], { cwd: dir, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`bundling the ext-apps host side failed: ${built.stderr}`);
}

/** A host page (and its script) on port 0: the bridge and nothing else. */
export async function startHostPage(bundle: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/host-bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><script src="/host-bundle.js"></script></head><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export interface DrawnView {
  page: Page;
  /** Script errors the host page or the view reported. */
  problems: string[];
}

/**
 * What a host does with a tool that links a view: it has read the view (`html`) and called the tool; now it
 * draws the view in a sandboxed frame (scripts only: an origin of its own), connects the SDK's AppBridge,
 * waits for the view's ui/notifications/initialized, and sends the arguments and the result.
 */
export async function drawView(browser: Browser, hostUrl: string, view: {
  html: string; args: Record<string, unknown>; result: unknown; hostContext: Record<string, unknown>; read: (uri: string) => Promise<unknown>;
}): Promise<DrawnView> {
  const page = await (await browser.newContext()).newPage() as Page & { exposeFunction(name: string, fn: (...args: any[]) => unknown): Promise<void> };
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  await page.exposeFunction('svcRead', (uri: string) => view.read(uri));
  await page.goto(hostUrl);
  await page.evaluate(async ({ html, args, result, hostContext }: any) => {
    const { AppBridge, PostMessageTransport } = (globalThis as any).ExtApps;
    const frame = document.createElement('iframe');
    frame.id = 'view';
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.style.cssText = 'width:900px;height:1400px;border:0';
    document.body.append(frame);
    const bridge = new AppBridge(null, { name: 'svc test host', version: '1.0.0' }, { serverResources: {}, openLinks: {} }, { hostContext });
    bridge.onreadresource = (params: { uri: string }) => (globalThis as any).svcRead(params.uri);
    const initialized = new Promise<void>((resolve) => { bridge.oninitialized = () => resolve(); });
    await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
    frame.srcdoc = html;
    await initialized;
    await bridge.sendToolInput({ arguments: args });
    await bridge.sendToolResult(result);
  }, { html: view.html, args: view.args, result: view.result, hostContext: view.hostContext });
  return { page, problems };
}
