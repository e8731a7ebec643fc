import { join } from 'node:path';
import { readTextNoFollow } from '../lib/no-follow.js';
import { yamlLibrary } from '../content/entries/yaml.js';
import type { PanelDeps, PanelSessionDeps } from './panel-deps.js';

// The site a panel page belongs to, for the top bar of every page: its name and its public address (the
// View site link). With the content store (the installation), from the settings it keeps; the people-side
// pages that are booted without one (tests of sign-in and accounts) read site.yaml leniently, as the
// two-factor issuer does, and show nothing rather than fail on a broken or missing file.

export interface SiteHeader {
  title: string;
  /** The public home page, absolute. */
  home: string;
}

export function siteHeaderOf(deps: PanelSessionDeps | PanelDeps): SiteHeader | null {
  try {
    if ('content' in deps) {
      const site = deps.content.site();
      return { title: site.title, home: `${site.url}/` };
    }
    const doc = yamlLibrary().parse(readTextNoFollow(deps.trustedFolders, join(deps.config.root, 'content', 'site.yaml'))) as { title?: unknown } | null;
    return typeof doc?.title === 'string' ? { title: doc.title, home: `${deps.config.baseUrl}/` } : null;
  } catch {
    return null;
  }
}
