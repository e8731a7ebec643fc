import { statNoFollow } from '../../lib/no-follow.js';
import { readCachedSiteConfig } from './site-config-cache.js';
import type { SiteConfig } from '../entries/types.js';
import * as siteConfig from './site-config.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

// site.yaml usually comes from its checked copy in data/cache/; the checks and the YAML parser load only
// when that copy is missing or stale. The copy is keyed by the code that checks, site-config.ts.
const SITE_CONFIG_CODE = new URL('./site-config.js', import.meta.url).href;

/**
 * content/site.yaml as last read, read again when its stamp (mtime + size) changes. At start a missing or
 * broken file throws; later, a broken edit keeps the previous settings (with one warning) so the site keeps
 * serving.
 */
export class SiteSettings {
  private config!: SiteConfig;
  private stamp = '';
  private warned = false;

  constructor(private readonly trusted: TrustedFolders, private readonly file: string, private readonly log: (line: string) => void) {
    this.reload(true);
  }

  get current(): SiteConfig {
    return this.config;
  }

  /** The settings with `url` replaced by the address the site is really served at, when one is given. */
  withUrl(url: string | undefined): SiteConfig {
    if (url && url !== this.config.url) this.config = { ...this.config, url };
    return this.config;
  }

  /** Reads site.yaml again when its stamp changed; true when new settings were taken. */
  reload(first = false): boolean {
    let stamp = '';
    try {
      const stat = statNoFollow(this.trusted, this.file);
      if (!stat) throw new Error('missing, a link, or a FIFO, socket or device');
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      if (first) throw new Error(`svc: ${this.file} is missing or not a regular file, so there is no site here.`);
    }
    if (stamp === this.stamp) return false;
    try {
      this.config = readCachedSiteConfig(this.trusted, this.file, SITE_CONFIG_CODE).config ?? siteConfig.loadSiteConfig(this.file, this.trusted);
      this.stamp = stamp;
      // The next broken file is said again: each is a new mistake of its own.
      this.warned = false;
      return true;
    } catch (error) {
      if (first) throw error;
      if (!this.warned) {
        this.warned = true;
        this.log(`svc: ${(error as Error).message} Keeping the previous settings.`);
      }
      this.stamp = stamp;
      return false;
    }
  }
}
