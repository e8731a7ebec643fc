import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseRolesYaml } from '../../auth/roles.js';
import { readRegularFile } from '../../lib/regular-file.js';
import { buildSiteConfig } from '../settings/site-config.js';
import { languageCodeProblem } from '../settings/site-addresses.js';
import { yamlLibrary } from '../entries/yaml.js';
import type { SiteConfig } from '../entries/types.js';
import type { SiteProblems } from './site-problems.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A file's text, or a problem noted and null when it cannot be read or is not UTF-8. */
export function readText(file: string, problems: SiteProblems): string | null {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file);
  } catch {
    return null; // unreadable files (and FIFOs, sockets, devices: refused without blocking) are the access check's to report
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    problems.add(file, 'This file is not valid UTF-8; save it as UTF-8.');
    return null;
  }
}

/**
 * content/site.yaml as the server reads it, and its `url`: an absolute http(s) address, the same as the one
 * the site is served at when that is known (`servedAt`). Null when the site's settings cannot be read.
 */
export function checkSiteYaml(root: string, problems: SiteProblems, servedAt: string | undefined): SiteConfig | null {
  const file = join(root, 'content', 'site.yaml');
  if (!existsSync(file)) {
    problems.add(file, 'This file is missing, so there is no site here.');
    return null;
  }
  const text = readText(file, problems);
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = yamlLibrary().parse(text, { schema: 'core' }) ?? {};
  } catch (error) {
    problems.add(file, `This file is not valid YAML (${(error as Error).message.split('\n')[0]}); the server does not start with it.`);
    return null;
  }
  let site: SiteConfig;
  try {
    site = buildSiteConfig(raw);
  } catch (error) {
    const sentence = (error as Error).message.replace(/^content\/site\.yaml: /, '');
    problems.add(file, `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} The server does not start with it.`);
    return null;
  }
  // A hand edit is not refused as the settings page refuses it (save-settings.ts); said here instead.
  for (const code of Object.keys(site.languages)) {
    const problem = languageCodeProblem(site, code);
    if (problem !== null) problems.add(file, `The language ${code} cannot have its home page at /${code}: ${problem}; choose another code for it.`);
  }
  const url = site.url;
  if (!URL.canParse(url) || !/^https?:\/\//.test(url)) {
    problems.add(file, `url "${url.slice(0, 80)}" is not an absolute http(s) address like https://example.org; the addresses the stdio server gives are built from it.`);
  } else if (servedAt !== undefined && url !== servedAt) {
    problems.add(file, `url is ${url}, but the site is served at ${servedAt}; assistants over stdio get addresses on ${url}. Make them the same.`);
  }
  return site;
}

/** Folders of data/ whose files are logs, caches or copies (not settings a person would edit). */
const DATA_SKIPPED = new Set(['stats', 'cache', 'revisions', 'styles', 'history', 'locks']);

/**
 * The records in the data folder parse (YAML accounts and roles, JSON tokens, sessions and OAuth records),
 * and data/roles.yaml grants what its author meant (unknown capabilities and unreadable roles are dropped).
 */
export function checkDataFiles(dataDir: string, problems: SiteProblems): void {
  const roles = join(dataDir, 'roles.yaml');
  if (existsSync(roles)) {
    const text = readText(roles, problems);
    if (text !== null) {
      parseRolesYaml(text, (line) => {
        const sentence = line.replace(/^svc: (data\/roles\.yaml: )?/, '');
        problems.add(roles, `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`);
      });
    }
  }
  const visit = (dir: string, depth: number) => {
    let items;
    try {
      items = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const item of items) {
      const path = join(dir, item.name);
      if (item.isDirectory()) {
        if (!(depth === 0 && DATA_SKIPPED.has(item.name)) && depth < 3) visit(path, depth + 1);
        continue;
      }
      if (!item.isFile() || path === roles) continue;
      const json = item.name.endsWith('.json');
      if (!json && !item.name.endsWith('.yaml')) continue;
      const text = readText(path, problems);
      if (text === null) continue;
      try {
        if (json) JSON.parse(text);
        else yamlLibrary().parse(text);
      } catch (error) {
        problems.add(path, `This record is not valid ${json ? 'JSON' : 'YAML'} (${(error as Error).message.split('\n')[0]}); svc cannot use it.`);
      }
    }
  };
  visit(dataDir, 0);
}
