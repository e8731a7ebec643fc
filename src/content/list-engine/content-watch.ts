// File-system events as hints for the index (index-sweeper.ts): an entry folder named by an event is read
// again at once instead of at the next sweep. Only where they are cheap and reliable: on macOS and Windows
// one recursive watch of content/ (FSEvents, ReadDirectoryChangesW). On Linux, inotify watches one folder
// per watch, and Node 20 emulates a recursive watch with a watch and a stat per file and folder: 300,000 for
// 100,000 posts, past the usual inotify limits and far too much memory. There, one plain watch per type
// folder sees entries added, removed or renamed; edits inside an entry are left to the sweep. Events are
// never relied on: a watch that fails or overflows changes nothing but how soon a change is seen.
// Media folders (`content/media/<entry id>/`, media-sweep.ts) are watched alike: within the recursive watch,
// or one plain watch per type folder below content/media/ (a media folder added or removed).
import { isSlug } from '../entries/entry-id.js';
import { watch, type FSWatcher } from 'node:fs';
import { sep } from 'node:path';

export interface WatchedFolder { folder: string; nested: boolean }

const SETTINGS_FILE = 'site.yaml';
const MEDIA = 'media';

/** What a watch tells: an entry folder, site.yaml, an entry's media folder something happened in. */
export interface ContentEvents {
  entry: (id: string) => void;
  settings?: () => void;
  media?: (id: string) => void;
}

/** Starts watching. Returns the stop. */
export function watchContent(contentDir: string, folders: readonly WatchedFolder[], maxDepth: number, events: ContentEvents, platform = process.platform): () => void {
  const watchers: FSWatcher[] = [];
  const start = (path: string, recursive: boolean, toId: (name: string) => string | null, onId: (id: string) => void = events.entry) => {
    try {
      const watcher = watch(path, { persistent: false, recursive }, (_event, name) => {
        const id = typeof name === 'string' ? toId(name) : null;
        if (id !== null) onId(id);
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // No such folder yet, or no watch to be had: the sweep sees the changes.
    }
  };
  // site.yaml, written in place or replaced by a rename, is named in its folder's events.
  const settings = (name: string) => { if (name === SETTINGS_FILE) events.settings?.(); return null; };
  const media = events.media;
  if (platform === 'darwin' || platform === 'win32') {
    start(contentDir, true, (name) => {
      const segments = name.split(sep);
      if (segments[0] === MEDIA && segments.length > 1) {
        const id = entryIdOf(segments.slice(1), folders, maxDepth);
        if (id !== null) media?.(id);
        return null;
      }
      return settings(name) ?? entryIdOf(segments, folders, maxDepth);
    });
  } else {
    start(contentDir, false, settings);
    for (const { folder } of folders) start(contentDir + sep + folder, false, (name) => (isSlug(name) ? `${folder}/${name}` : null));
    if (media) for (const { folder } of folders) start(contentDir + sep + MEDIA + sep + folder, false, (name) => (isSlug(name) ? `${folder}/${name}` : null), media);
  }
  return () => { for (const watcher of watchers) watcher.close(); };
}

/**
 * A watch on each of the newest entry folders (recent-entries.ts), or on their media folders (a second set,
 * made with content/media/ as its folder): an edit in place of a file in one, which moves no folder's
 * mtime, is told at once. One inotify watch per folder; update() keeps those still named and changes only
 * the others, as the list is given anew after every pass of the sweep.
 */
export class EntryWatches {
  private readonly watchers = new Map<string, FSWatcher>();

  constructor(private readonly contentDir: string, private readonly onEntry: (id: string) => void) {}

  update(ids: readonly string[]): void {
    const wanted = new Set(ids);
    for (const [id, watcher] of this.watchers) {
      if (wanted.has(id)) continue;
      watcher.close();
      this.watchers.delete(id);
    }
    for (const id of wanted) {
      if (this.watchers.has(id)) continue;
      try {
        const watcher = watch(this.contentDir + sep + id.split('/').join(sep), { persistent: false }, () => this.onEntry(id));
        watcher.on('error', () => { watcher.close(); this.watchers.delete(id); });
        this.watchers.set(id, watcher);
      } catch {
        // Gone meanwhile, or past the watch limit: the pass finds its changes.
      }
    }
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

/** The entry folder a path below content/ is in (the deepest slug folder an entry can be), or null. */
export function entryIdOf(segments: readonly string[], folders: readonly WatchedFolder[], maxDepth: number): string | null {
  const type = folders.find((candidate) => candidate.folder === segments[0]);
  if (!type) return null;
  const deepest = type.nested ? maxDepth : 1;
  let depth = 0;
  while (depth < deepest && depth + 1 < segments.length && isSlug(segments[depth + 1]!)) depth++;
  return depth === 0 ? null : segments.slice(0, depth + 1).join('/');
}
