// content/site.yaml changed on disk (an editor, git, rsync) is a change like any other: the process that
// records changes found on disk (the finder) records it as `site.changed` via disk, once. A change svc
// made itself (the panel's settings, approval mode) is already in the feed as its own `site.changed`: each
// process counts the `site.changed` events it appended or read, and new settings taken after such an event
// are explained by it. One from another process may still be on its way to the feed when this process
// takes the new settings: the finder reads the feed again a moment later before it records anything.
import type { NewChange } from '../../feed/change-event.js';

/** How long the finder waits for another process's event before it calls new settings a change on disk. */
export const EXPLAIN_WAIT_MS = 1_000;

export interface SiteFileChangesOptions {
  /** Whether this process records changes found on disk now. */
  isFinder: () => boolean;
  /** Applies what other processes recorded, now. */
  catchUp: () => void;
  /** Appends an event; false when the feed could not take it. */
  append: (change: NewChange) => boolean;
  log: (line: string) => void;
}

export class SiteFileChanges {
  /** `site.changed` events this process appended or read in the feed. */
  private events = 0;
  /** How many of them explained settings taken before. */
  private explained = 0;
  private waiting: NodeJS.Timeout | null = null;

  constructor(private readonly options: SiteFileChangesOptions) {}

  /** A `site.changed` event, appended by this process or read in the feed. */
  noteEvent(): void {
    this.events++;
  }

  /** This process took new settings from site.yaml (not its first read of it). */
  settingsTaken(): void {
    if (this.takeExplanation() || !this.options.isFinder() || this.waiting) return;
    this.waiting = setTimeout(() => {
      this.waiting = null;
      this.options.catchUp();
      if (this.takeExplanation() || !this.options.isFinder()) return;
      const change: NewChange = { kind: 'site.changed', entry: null, languages: [], paths: [], before: [], via: 'disk', person: null, token: null, detail: 'content/site.yaml' };
      if (!this.options.append(change)) this.options.log('svc: could not record in the change feed that content/site.yaml changed on disk.');
      this.explained = this.events;
    }, EXPLAIN_WAIT_MS);
    this.waiting.unref();
  }

  stop(): void {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = null;
  }

  /** Whether an event came since the settings were last explained (it is used up then). */
  private takeExplanation(): boolean {
    if (this.events === this.explained) return false;
    this.explained = this.events;
    return true;
  }
}
