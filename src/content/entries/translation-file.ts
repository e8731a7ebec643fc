// What a translation's file holds for the index, apart from where it is read: its front matter and the
// services its body embeds. Shared by the entry reader (content/entries/entry-reader.ts) and the first
// start's reader threads (content/list-engine/first-scan-worker.ts), which read and parse the files beside
// the main thread and hand it these.
import { fileProblemReason } from '../../lib/file-problem.js';
import { LinkRefusedError } from '../../lib/no-follow.js';
import { NotRegularFileError, notRegularReason } from '../../lib/regular-file.js';
import { embedsIn } from './embedded-services.js';
import { parseFrontMatter } from './front-matter.js';

export interface TranslationFile {
  fields: Record<string, unknown>;
  /** The Markdown after the front matter: a slice of the file's text, which it keeps alive while kept. */
  body: string;
  /** The services the body embeds (embedded-services.ts), found while its text is at hand. */
  embeds: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict UTF-8 (a TypeError for anything else: unreadReason names it). */
export function decodeStrictUtf8(bytes: Uint8Array): string {
  return strictUtf8.decode(bytes);
}

/**
 * The front matter of a translation's bytes, and what its body embeds; throws for bytes that are not UTF-8
 * or front matter that does not parse. The fields' strings may be substrings of the whole text: what is
 * kept is copied first (a round trip through JSON makes fresh strings).
 */
export function parseTranslationFile(bytes: Uint8Array): TranslationFile {
  const document = parseFrontMatter(strictUtf8.decode(bytes));
  return { fields: document.fields, body: document.body, embeds: embedsIn(document.body) };
}

/** Why a file could not be read or parsed, for the one warning; null for a link (warned about where it was found). */
export function unreadReason(error: unknown): string | null {
  if (error instanceof LinkRefusedError) return null;
  if (error instanceof NotRegularFileError) return notRegularReason(error.fileKind);
  return error instanceof TypeError ? 'it is not valid UTF-8' : fileProblemReason(error) ?? (error as Error).message.split('\n')[0]!;
}
