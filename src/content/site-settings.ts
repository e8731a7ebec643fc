import { statNoFollow } from '../lib/no-follow.js';
import { loadSiteConfig } from './site-config.js';
import type { SiteConfig } from './types.js';

/**
 * content/site.yaml as last read, read again when its stamp (mtime + size) changes. At start a missing or
 * broken file throws; later, a broken edit keeps the previous settings (with one warning) so the site keeps
 * serving.
 */
export class SiteSettings {
  private config!: SiteConfig;
  private stamp = '';
  private warned = false;

  constructor(private readonly file: string, private readonly log: (line: string) => void) {
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
      const stat = statNoFollow(this.file);
      if (!stat) throw new Error('missing or a link');
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      if (first) throw new Error(`svc: ${this.file} is missing; run \`svc init\` to create a site.`);
    }
    if (stamp === this.stamp) return false;
    try {
      this.config = loadSiteConfig(this.file);
      this.stamp = stamp;
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
