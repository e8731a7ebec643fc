// A real browser for the few panel tests that need the script: Debian's Chromium, driven by playwright-core,
// with axe-core for accessibility checks. Both are fetched at test time into a scratch folder, never into
// package.json, like the interop clients.
//
// Chromium's headless shell first (Debian's `chromium-headless-shell`, built from the same source package
// as `chromium`, the same Blink; .ci/run installs it when missing), as playwright itself runs headless tests:
// the 47 browser tests took 343 s of CPU on it against 423 s on the full browser (Node 24, 2 cores, three
// files at a time), 40 s less of `make test`. The full browser still serves where only it is installed.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchPackages } from './scratch-packages.ts';

const SCRATCH = process.env.SVC_BROWSER_DIR ?? join(tmpdir(), 'svc-browser');
const PLAYWRIGHT = 'playwright-core@1.65.1';
const AXE = 'axe-core@4.11.0';
const CHROMIUM_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Why a browser test is skipped where findChromium() finds none. */
export const NO_CHROMIUM = 'Debian\'s chromium-headless-shell (or chromium) package is not installed (.ci/run installs it)';

/** Debian's Chromium (its headless shell first), or null when neither package is installed. */
export function findChromium(): string | null {
  const named = process.env.SVC_CHROMIUM;
  if (named) return existsSync(named) ? named : null;
  return CHROMIUM_PATHS.find((path) => existsSync(path)) ?? null;
}

/** playwright-core's `chromium` and the axe-core script, installed into the scratch folder on first use. */
export function loadBrowserTools(): { chromium: PlaywrightChromium; axeSource: string } {
  scratchPackages(SCRATCH, [PLAYWRIGHT, AXE]);
  const require = createRequire(join(SCRATCH, 'package.json'));
  const { chromium } = require('playwright-core') as { chromium: PlaywrightChromium };
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return { chromium, axeSource };
}

/**
 * Script errors, CSP refusals and failed requests the page reports. The site has no favicon, and the
 * browser's own request for one is the only 404 allowed (it is reported as a console error too).
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/**
 * Serious and critical axe-core violations on the page, as `rule: target` lines. axe is evaluated, not added
 * as a script tag (which the page's Content Security Policy rightly refuses): the page keeps its policy, so it
 * is checked as people see it. `rules` runs only those (axe's ids), e.g. `color-contrast` in the second scheme.
 */
export async function seriousViolations(page: Page, axeSource: string, rules?: string[]): Promise<string[]> {
  // axe is put in once per document (its script takes Chromium some 170 ms): a second check of the same
  // page, in the other colour scheme, runs on what is there.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const options = { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) };
  const result = await page.evaluate((options) => (globalThis as any).axe.run(document, options), options) as { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/**
 * seriousViolations in the light scheme, then, on the same page switched to the dark one, what colours decide
 * (color-contrast); the page is left in the light scheme. The panel's and the site's dark schemes swap custom
 * properties under prefers-color-scheme and nothing else, so the other rules would read the same page again.
 * Each line is marked with the scheme it was found in.
 */
export async function violationsInBothSchemes(page: Page, axeSource: string): Promise<string[]> {
  const light = await seriousViolations(page, axeSource);
  await page.emulateMedia({ colorScheme: 'dark' });
  if (!(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))) throw new Error('the page did not take the dark scheme');
  const dark = await seriousViolations(page, axeSource, ['color-contrast']);
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light.map((line) => `${line} (light)`), ...dark.map((line) => `${line} (dark)`)];
}

// The little of playwright-core's API the tests use, typed here (the package is not a dependency).
export interface PlaywrightChromium {
  launch(options: { executablePath: string; args?: string[]; headless?: boolean }): Promise<Browser>;
}
export interface Browser {
  newContext(options?: { bypassCSP?: boolean; javaScriptEnabled?: boolean; storageState?: unknown; baseURL?: string; viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' | 'no-preference'; locale?: string }): Promise<BrowserContext>;
  close(): Promise<void>;
}
export interface BrowserContext {
  newPage(): Promise<Page>;
  storageState(): Promise<unknown>;
  close(): Promise<void>;
}
export interface Locator {
  click(options?: { noWaitAfter?: boolean }): Promise<void>;
  hover(): Promise<void>;
  focus(): Promise<void>;
  fill(value: string): Promise<void>;
  type(text: string): Promise<void>;
  pressSequentially(text: string): Promise<void>;
  press(key: string): Promise<void>;
  inputValue(): Promise<string>;
  getAttribute(name: string): Promise<string | null>;
  textContent(): Promise<string | null>;
  isVisible(): Promise<boolean>;
  setInputFiles(files: { name: string; mimeType: string; buffer: Buffer } | Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void>;
  selectOption(value: string): Promise<unknown>;
  waitFor(options?: { state?: 'attached' | 'visible' | 'hidden' }): Promise<void>;
  first(): Locator;
  count(): Promise<number>;
  locator(selector: string): Locator;
  evaluate<R>(fn: (element: any, arg: any) => R, arg?: unknown): Promise<R>;
  contentFrame(): FrameLocatorLike;
  getByRole(role: string, options: { name: string | RegExp; exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
}
export interface FrameLocatorLike {
  locator(selector: string): Locator;
}
export interface Dialog {
  type(): string;
  accept(): Promise<void>;
  dismiss(): Promise<void>;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  locator(selector: string): Locator;
  getByRole(role: string, options: { name: string | RegExp; exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
  on(event: 'dialog', listener: (dialog: Dialog) => void): void;
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'response', listener: (response: { status(): number; url(): string }) => void): void;
  waitForURL(url: string | RegExp | ((url: URL) => boolean)): Promise<void>;
  waitForFunction<R>(fn: (arg: any) => R, arg?: unknown, options?: { timeout?: number }): Promise<unknown>;
  evaluate<R>(fn: ((arg: any) => R) | string, arg?: unknown): Promise<R>;
  content(): Promise<string>;
  screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer>;
  close(options?: { runBeforeUnload?: boolean }): Promise<void>;
  emulateMedia(options: { colorScheme: 'light' | 'dark' | 'no-preference' }): Promise<void>;
}
