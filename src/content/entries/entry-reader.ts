import { isTempFileName, removeStaleTempFile } from '../../lib/atomic-write.js';
import type { Clock } from '../../lib/clock.js';
import type { Dirent } from 'node:fs';
import { LinkRefusedError } from '../../lib/no-follow.js';
import { folderUnchanged, NO_FILE, sameStamp, stampOf, type FileStamp } from './entry-stamps.js';
import { listNamesNoFollow, readFileWithStamp, type FileRead } from '../../lib/stamped-reads.js';
import { folderMtime } from './entry-folders.js';
import { NotRegularFileError, notRegularReason, specialKind } from '../../lib/regular-file.js';
import { isSlug } from './entry-id.js';
import { decodeStrictUtf8, parseTranslationFile, unreadReason, type TranslationFile } from './translation-file.js';
import type { FolderFiles } from './folder-files.js';
import { pathPrefixOf } from './path-prefix.js';
import { buildTranslation } from './translation.js';
import { TranslationMap } from './translation-map.js';
import type { ContentType, Entry, SiteConfig, Translation } from './types.js';
import { join, sep } from 'node:path';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import { detachedCopy } from '../../lib/detached-copy.js';

export interface EntryReaderOptions {
  root: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  contentDir: string;
  clock: Clock;
  log: (line: string) => void;
  /** The current site settings: languages, default language, time zone. */
  site: () => SiteConfig;
  /** Told of a translation written as scheduled whose time has passed (read as published, D2). */
  onFoundDue: (entryId: string, language: string) => void;
  /**
   * Each translation keeps the front matter and body it was read with, for a reader whose entries are used
   * once and let go (the search index's build): asked for them, it would otherwise read and parse the file
   * a second time. The index's readers keep neither: a large site's bodies would stay in memory.
   */
  keepDocuments?: boolean;
}

export interface EntryRead {
  /** The entry, or undefined when its folder is gone or holds no readable translation. */
  entry: Entry | undefined;
  /** Slug-named folders inside it (a page's children), sorted. */
  children: string[];
  /** False when `previous` is returned as it was. */
  changed: boolean;
}

/**
 * Reads entry folders from disk: a translation per `<language>.md` (front matter only; bodies are read when
 * asked for, see translation.ts), the style.css, the child folders. A file whose stamp (mtime + size) did
 * not change since the previous read is not parsed again. A broken file is skipped with one warning, and so
 * is a symbolic link (a linked entry folder, translation or style.css is never followed: lib/no-follow.ts).
 */
export class EntryReader {
  /** Set while every file must be parsed again (the site settings changed). */
  private stale = true;
  private readonly warned = new Set<string>();

  constructor(private readonly options: EntryReaderOptions) {}

  /** The settings changed and every derived path with them: parse every file again until the next full scan. */
  forgetStamps(): void {
    this.stale = true;
  }

  /** A full scan read every file: stamps count again. */
  endFullScan(): void {
    this.stale = false;
  }

  /** Stamps count (the index came from a persisted one made under the same settings). */
  trustStamps(): void {
    this.stale = false;
  }

  /** Whether an entry's folder is still as `previous` was read from it (entry-stamps.ts), so it need not be listed again. */
  isUnchanged(previous: Entry, folderMtimeMs: number): boolean {
    return !this.stale && folderUnchanged(this.options.trusted, previous, folderMtimeMs);
  }

  /** Reads an entry folder, reusing the translations of `previous` whose file stamps did not change. */
  read(type: ContentType, segments: string[], parentId: string | null, previous: Entry | undefined): EntryRead {
    let changed = false;
    const id = segments.join('/');
    // One string for the folder, shared by the translations (their file paths are derived from it), and the
    // entry's `dir` a slice of it rather than a second copy.
    const folder = join(this.options.contentDir, ...segments) + sep;
    const dir = folder.slice(0, -1);
    const translations = new Map<string, Translation>();
    const children: string[] = [];
    let style = '';
    let styleStamp: FileStamp = NO_FILE;
    // Taken before the listing: a file added between the two moves the mtime past the one kept, so it is looked at again.
    let folderMtimeMs = folderMtime(this.options.trusted, dir);
    let items: Dirent[] | undefined;
    try {
      if (folderMtimeMs >= 0) items = listNamesNoFollow(this.options.trusted, dir);
    } catch { /* not a folder, or gone */ }
    if (items === undefined) return { entry: undefined, children, changed: previous !== undefined };
    const languages = this.options.site().languages;
    for (const item of items) {
      if (item.isDirectory()) {
        if (isSlug(item.name)) children.push(item.name);
        continue;
      }
      const path = join(dir, item.name);
      if (item.isFile() && isTempFileName(item.name)) removeStaleTempFile(this.options.trusted, path, this.options.clock());
      const isStyle = item.name === 'style.css';
      const language = item.name.endsWith('.md') ? item.name.slice(0, -3) : '';
      if (!isStyle && !Object.hasOwn(languages, language)) continue;
      if (!item.isFile()) {
        // A FIFO, socket or device in a translation's or the style's place is never opened: reported once.
        const kind = specialKind(item);
        if (kind) this.skip(path, notRegularReason(kind));
        continue;
      }
      if (isTempFileName(item.name)) continue;
      // What was read before and kept its stamp is not read again (one stat instead of a read and a parse).
      const old = this.stale ? undefined : isStyle ? (previous && previous.styleMtimeMs >= 0 ? { mtimeMs: previous.styleMtimeMs, size: previous.styleSize } : undefined) : previous?.translations.get(language);
      const kept = old && stampOf(this.options.trusted, path);
      if (old && kept && sameStamp(old, kept)) {
        if (isStyle) { styleStamp = kept; style = previous!.style; } else translations.set(language, previous!.translations.get(language)!);
        continue;
      }
      let read: FileRead;
      try {
        read = readFileWithStamp(this.options.trusted, path);
      } catch (error) {
        // Gone since the listing: as if it had not been listed.
        if (!(error instanceof NotRegularFileError) && !(error instanceof LinkRefusedError) && (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        this.skipUnread(path, error);
        // Read again by the next sweep (a stamp it can never match).
        folderMtimeMs = -1;
        changed = true;
        continue;
      }
      changed = true;
      if (isStyle) {
        styleStamp = read;
        try { style = decodeStrictUtf8(read.bytes); } catch (error) { style = ''; folderMtimeMs = -1; this.skipUnread(path, error); }
        continue;
      }
      const translation = this.readTranslation(folder, language, read, type, segments);
      if (translation) translations.set(language, translation);
      else folderMtimeMs = -1;
    }
    if (previous && (previous.translations.size !== translations.size || previous.styleMtimeMs !== styleStamp.mtimeMs)) changed = true;
    // A child page found before its parent (a sweep meets the new folders in any order) was read without one.
    if (previous && previous.parentId !== parentId) changed = true;
    children.sort();
    if (translations.size === 0) return { entry: undefined, children, changed: changed || previous !== undefined };
    if (!changed && previous) {
      // Nothing shown changed (a file came and went, say): only the stamp the sweep compares moves on.
      previous.folderMtimeMs = folderMtimeMs;
      return { entry: previous, children, changed: false };
    }
    const entry: Entry = {
      id, type, dir, slug: segments[segments.length - 1]!, parentId, translations: new TranslationMap(translations.values()), style,
      folderMtimeMs, styleMtimeMs: styleStamp.mtimeMs, styleSize: styleStamp.size,
    };
    return { entry, children, changed: true };
  }

  /**
   * The entry an entry folder read elsewhere holds (see FolderFiles), as read() makes it with no previous
   * read to reuse; undefined when it holds no readable translation. Warnings are given here, as read() gives them.
   */
  assemble(type: ContentType, segments: string[], parentId: string | null, found: FolderFiles): Entry | undefined {
    for (const link of found.links) this.options.trusted.warnOnce(link);
    if (found.mtimeMs < 0) return undefined;
    const folder = join(this.options.contentDir, ...segments) + sep;
    const dir = folder.slice(0, -1);
    const translations = new Map<string, Translation>();
    let folderMtimeMs = found.mtimeMs;
    let style = '';
    let styleStamp: FileStamp = NO_FILE;
    for (const file of found.files) {
      // A style.css read that is not UTF-8 keeps its stamp, as read() keeps it.
      if (file.name === 'style.css' && file.style !== undefined) styleStamp = { mtimeMs: file.mtimeMs, size: file.size };
      if (file.problem !== undefined) {
        if (file.problem !== null) this.skip(join(dir, file.name), file.problem);
        if (file.unread) folderMtimeMs = -1;
        continue;
      }
      if (file.style !== undefined) { style = file.style; continue; }
      const translation = this.translationOf(folder, file.name.slice(0, -3), file, { fields: file.fields ?? {}, embeds: file.embeds ?? 0 }, type, segments);
      if (translation) translations.set(translation.language, translation);
      else folderMtimeMs = -1;
    }
    if (translations.size === 0) return undefined;
    return {
      id: segments.join('/'), type, dir, slug: segments[segments.length - 1]!, parentId, translations: new TranslationMap(translations.values()), style,
      folderMtimeMs, styleMtimeMs: styleStamp.mtimeMs, styleSize: styleStamp.size,
    };
  }

  private readTranslation(folder: string, language: string, read: FileRead, type: ContentType, segments: string[]): Translation | undefined {
    let parsed;
    try {
      parsed = parseTranslationFile(read.bytes);
    } catch (error) {
      this.skipUnread(`${folder}${language}.md`, error);
      return undefined;
    }
    if (this.options.keepDocuments) return this.translationOf(folder, language, read, parsed, type, segments);
    // Only the summary built from these stays in memory (`fields` is read again when asked for), and none of
    // it may hold the file's whole text.
    const fields = detachedCopy(parsed.fields);
    return this.translationOf(folder, language, read, { fields, embeds: parsed.embeds }, type, segments);
  }

  /**
   * The translation from a file's stamp and what it holds (undefined, with a warning, when they make none);
   * handed the body too, it keeps the body and front matter with it (keepDocuments).
   */
  private translationOf(folder: string, language: string, stamp: FileStamp, held: Omit<TranslationFile, 'body'> & { body?: string }, type: ContentType, segments: string[]): Translation | undefined {
    const file = `${folder}${language}.md`;
    const { fields, embeds, body } = held;
    try {
      this.warned.delete(file);
      const translation = buildTranslation({
        language, dir: folder, mtimeMs: stamp.mtimeMs, size: stamp.size, fields, body: body ?? null, keepFields: body !== undefined, embeds,
        pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.options.site(), now: this.options.clock(), trusted: this.options.trusted,
      });
      if (fields.status === 'scheduled' && translation.status === 'published') this.options.onFoundDue(segments.join('/'), language);
      return translation;
    } catch (error) {
      this.skipUnread(file, error);
      return undefined;
    }
  }

  /** Reports a file that could not be read or parsed (a link was warned about where it was found). */
  private skipUnread(file: string, error: unknown): void {
    const reason = unreadReason(error);
    if (reason !== null) this.skip(file, reason);
  }

  /** One line per file in the process log, until the file reads well again. */
  private skip(file: string, reason: string): void {
    if (this.warned.has(file)) return;
    this.warned.add(file);
    this.options.log(`svc: skipping ${file.slice(this.options.root.length + 1)}: ${reason}`);
  }
}
