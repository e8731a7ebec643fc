import { join } from 'node:path';
import { imageSize } from 'image-size';
import { AppError } from '../errors.js';
import { findTruncation } from './media-complete.js';
import { groupsWithAny } from './media-variants.js';
import type { ImageKind } from './media-complete.js';
import type { WriteStorage } from './storage/write-storage.js';

// media_upload's rules: strict base64, at most 10 MB of it, only real jpg/jpeg/png/gif/webp/avif images,
// a safe and free file name. Decisions:
// - The bytes decide the type. An image whose name's extension names another accepted type (a PNG called
//   photo.jpg) is saved under the extension of what it really is (photo.png) and the answer says so:
//   the file is a real, accepted image and the server sends Content-Type by extension, so keeping the wrong
//   one would serve it mislabelled. Anything that is not one of the accepted image types is refused.
// - Names become lowercase ASCII slugs: accents are dropped (é -> e), everything else outside a-z0-9
//   becomes "-", so `../`, NUL, slashes, spaces and other scripts cannot survive; Windows device names
//   (con, nul, com1...) get a "file-" prefix so the folder can be copied anywhere.
// - A free name is also one that no file beside it would group with as a width variant (`photo-100w.png`
//   beside `photo.png`, either way round; media-variants.ts): an upload is one picture, and the library would
//   show it inside another one, which deleting or replacing would take along.

/** 10 MB of base64 text (the spec's limit is on the data as sent). */
export const MAX_MEDIA_BASE64_CHARS = 10 * 1024 * 1024;
/** A file sent as it is (the panel): 10 MB of the file itself. */
export const MAX_MEDIA_FILE_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an image may have a side: past any camera's frame or phone panorama, short of what a
 * header can claim (2,147,483,647), which a page's width and height and srcset would then repeat.
 */
export const MAX_IMAGE_SIDE = 40_000;
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'] as const;
const KIND_OF_EXTENSION: Record<string, ImageKind> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif' };
const MAX_BASE_LENGTH = 60;
const RESERVED_NAMES = new Set(['con', 'prn', 'aux', 'nul', ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`), ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`)]);

export interface CheckedUpload {
  bytes: Buffer;
  /** The safe file name to save under (before a -2, -3 suffix for a taken name). */
  fileName: string;
  kind: ImageKind;
  width: number;
  height: number;
  /** Set when the extension was changed to match the bytes. */
  note: string | null;
}

function invalid(message: string): AppError {
  return new AppError('invalid_params', message);
}

/** Decodes base64 and refuses anything that does not re-encode to exactly the same text. */
export function decodeBase64Strict(data: string): Buffer {
  if (data.length > MAX_MEDIA_BASE64_CHARS) {
    throw invalid(`The data is ${data.length.toLocaleString('en')} characters of base64; at most ${MAX_MEDIA_BASE64_CHARS.toLocaleString('en')} (10 MB) are accepted. Upload a smaller image.`);
  }
  if (data.length === 0) throw invalid('The data is empty; send the image file as base64.');
  if (data.startsWith('data:')) throw invalid('The data starts with "data:"; send only the base64 text after the comma.');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.toString('base64') !== data) {
    throw invalid('The data is not valid base64: use only A-Z, a-z, 0-9, + and / with = padding to a multiple of 4 characters, and no spaces or line breaks.');
  }
  return bytes;
}

/** Lowercase ASCII slug of a file name's base, never empty, never a device name. */
export function slugifyFileBase(base: string): string {
  const ascii = base.normalize('NFKD');
  let slug = '';
  let dash = false;
  for (const ch of ascii) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x300 && c <= 0x36f) continue; // combining accents left by NFKD
    const lower = c >= 0x41 && c <= 0x5a ? String.fromCharCode(c + 0x20) : ch;
    const code = lower.codePointAt(0)!;
    const keep = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
    if (keep) {
      if (dash && slug.length > 0) slug += '-';
      slug += lower;
      dash = false;
    } else {
      dash = true;
    }
  }
  slug = slug.slice(0, MAX_BASE_LENGTH);
  while (slug.endsWith('-')) slug = slug.slice(0, -1);
  if (slug === '') slug = 'image';
  if (RESERVED_NAMES.has(slug)) slug = `file-${slug}`;
  return slug;
}

/** Splits a name into a slug and an accepted extension (lowercased), or refuses it. */
export function parseMediaName(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) {
    const shown = extension === '' ? 'no extension' : `the extension ".${[...extension].filter((c) => c >= ' ' && c !== '\u007f').join('').slice(0, 20)}"`;
    throw invalid(`The file name has ${shown}; only images are accepted: ${ACCEPTED_EXTENSIONS.join(', ')}. Give the name one of these extensions.`);
  }
  return { base: slugifyFileBase(name.slice(0, dot)), extension };
}

/** All checks of media_upload before anything is written. */
export function checkUpload(name: string, data: string): CheckedUpload {
  const { base, extension } = parseMediaName(name);
  return checkImageBytes(base, extension, decodeBase64Strict(data), 'base64');
}

/**
 * The same checks for a file sent as it is (the panel's upload form): the name, at most 10 MB, then the
 * bytes exactly as media_upload judges them.
 */
export function checkUploadedFile(name: string, bytes: Buffer): CheckedUpload {
  const { base, extension } = parseMediaName(name);
  if (bytes.length > MAX_MEDIA_FILE_BYTES) {
    throw invalid(`The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; at most 10 MB are accepted. Upload a smaller image.`);
  }
  if (bytes.length === 0) throw invalid('The file is empty; choose the image file itself.');
  return checkImageBytes(base, extension, bytes, 'file');
}

/** `sentAs` words the sentences for the sender: an assistant sends base64 data, a person a file. */
function checkImageBytes(base: string, extension: string, bytes: Buffer, sentAs: 'base64' | 'file'): CheckedUpload {
  const subject = sentAs === 'base64' ? 'The data' : 'The file';
  let detected: { type?: string; width?: number; height?: number };
  try {
    detected = imageSize(bytes);
  } catch {
    const check = sentAs === 'base64' ? 'check that you sent the file itself, base64-encoded' : 'choose the image file itself';
    throw invalid(`${subject} is not an image of an accepted type (${ACCEPTED_EXTENSIONS.join(', ')}); ${check}.`);
  }
  const kind = detected.type as ImageKind | undefined;
  if (!kind || !Object.values(KIND_OF_EXTENSION).includes(kind)) {
    throw invalid(`${subject} is a ${detected.type ?? 'file of unknown type'}, not an accepted image (${ACCEPTED_EXTENSIONS.join(', ')}). Convert it first.`);
  }
  if (!detected.width || !detected.height) throw invalid('The image has no width or height; send a complete image.');
  if (detected.width > MAX_IMAGE_SIDE || detected.height > MAX_IMAGE_SIDE) {
    throw invalid(`The image says it is ${detected.width} × ${detected.height} pixels; at most ${MAX_IMAGE_SIDE.toLocaleString('en')} a side are taken. Scale it down first.`);
  }
  const truncation = findTruncation(kind, bytes);
  if (truncation) throw invalid(`The image is incomplete: ${truncation}. Send the whole file.`);
  let finalExtension = extension;
  let note: string | null = null;
  if (KIND_OF_EXTENSION[extension] !== kind) {
    finalExtension = kind;
    note = `The file is a ${kind.toUpperCase()} image although its name ends in .${extension}; it was saved as .${kind}.`;
  }
  return { bytes, fileName: `${base}.${finalExtension}`, kind, width: detected.width, height: detected.height, note };
}

/**
 * The first free name in `dir`: `name.ext`, then `name-2.ext`, `name-3.ext`... Call while holding the entry
 * lock. A name is taken when a file has it, or when it is in `beside` or would group with one of them as a
 * width variant (media-variants.ts): `beside` is what the folder holds (and will hold), and an upload is a
 * picture of its own, never hidden inside another one nor hiding one.
 */
export function chooseFreeName(dir: string, fileName: string, storage: WriteStorage, beside: readonly string[] = []): string {
  const free = (name: string) => !beside.includes(name) && !groupsWithAny(name, beside) && !storage.exists(join(dir, name));
  if (free(fileName)) return fileName;
  const dot = fileName.lastIndexOf('.');
  const base = fileName.slice(0, dot);
  const extension = fileName.slice(dot);
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${base}-${n}${extension}`;
    if (free(candidate)) return candidate;
  }
  throw new AppError('conflict', 'The media folder holds too many files of this name; choose another name.');
}

/**
 * Writes the image under a free name in `dir` (atomically) and returns the name used; `beside` as for
 * chooseFreeName. Call while holding the entry lock.
 */
export function saveMedia(dir: string, upload: CheckedUpload, storage: WriteStorage, beside: readonly string[] = []): string {
  const name = chooseFreeName(dir, upload.fileName, storage, beside);
  storage.writeAtomic(join(dir, name), upload.bytes);
  return name;
}
