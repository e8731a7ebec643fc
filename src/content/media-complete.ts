// Is an image file whole? image-size reads only the header, so a file cut off after its first kilobytes
// still "is" a PNG to it. These checks walk each format's structure far enough to see the file ends where
// the format says it ends, and that it holds image data at all (a header and an end with nothing between,
// or a GIF header before some HTML, is no picture). They are structural checks, not decoders: they refuse
// truncation and empty shells, not bad pixels.

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp' | 'avif';

/** A sentence saying why the image is incomplete, or null when its structure reaches its end. */
export function findTruncation(kind: ImageKind, bytes: Uint8Array): string | null {
  switch (kind) {
    case 'png': return checkPng(bytes);
    case 'jpg': return checkJpeg(bytes);
    case 'gif': return checkGif(bytes);
    case 'webp': return checkWebp(bytes);
    case 'avif': return checkIsoBoxes(bytes);
  }
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** PNG: a signature, then chunks (length, type, data, CRC), IDAT among them; the last one must be IEND and end the file. */
function checkPng(bytes: Uint8Array): string | null {
  const data = view(bytes);
  let offset = 8;
  let hasImageData = false;
  while (offset + 12 <= bytes.length) {
    const length = data.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    const end = offset + 12 + length;
    if (end > bytes.length) return 'the PNG is cut off inside a chunk';
    if (type === 'IDAT') hasImageData = true;
    if (type === 'IEND') return hasImageData ? null : 'the PNG holds no image data (IDAT chunk)';
    offset = end;
  }
  return offset < bytes.length ? 'the PNG is cut off inside a chunk' : 'the PNG has no IEND chunk at its end';
}

/**
 * JPEG: starts with SOI (FF D8), its marker segments lead to a start of scan (FF DA: the image data), and it
 * ends with EOI (FF D9); trailing zero bytes some cameras add are allowed.
 */
function checkJpeg(bytes: Uint8Array): string | null {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  if (end < 4 || bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return 'the JPEG does not end with its end-of-image marker';
  const data = view(bytes);
  let offset = 2;
  while (offset + 4 <= end) {
    if (bytes[offset] !== 0xff) return 'the JPEG has a marker segment that is not one';
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) { offset++; continue; } // fill byte
    if (marker === 0xda) return null;
    if (marker === 0xd9) break;
    offset += 2 + data.getUint16(offset + 2);
  }
  return 'the JPEG holds no image data (no start of scan)';
}

/** GIF: after its header (and global colour table), extension blocks, then an image descriptor (0x2C); the last byte is the trailer 0x3B. */
function checkGif(bytes: Uint8Array): string | null {
  if (bytes[bytes.length - 1] !== 0x3b) return 'the GIF does not end with its trailer byte';
  const flags = bytes[10] ?? 0;
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x2c) return null;
    if (block !== 0x21) break;
    // An extension: its label, then sub-blocks (a size byte and that many bytes) up to an empty one.
    offset += 2;
    while (offset < bytes.length && bytes[offset] !== 0) offset += 1 + bytes[offset]!;
    offset++;
  }
  return 'the GIF holds no image (no image descriptor)';
}

/** WebP: the RIFF header states the file size, which the file must hold, and a chunk of image data (VP8, VP8L or an animation frame). */
function checkWebp(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return 'the WebP is shorter than its header';
  const data = view(bytes);
  const stated = data.getUint32(4, true) + 8;
  if (stated > bytes.length) return 'the WebP is shorter than its RIFF header says';
  for (let offset = 12; offset + 8 <= stated; offset += 8 + data.getUint32(offset + 4, true) + (data.getUint32(offset + 4, true) & 1)) {
    const type = String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') return null;
  }
  return 'the WebP holds no image data (VP8, VP8L or ANMF chunk)';
}

/** AVIF (ISO base media): top-level boxes must tile the file exactly, and one of them must be `mdat`. */
function checkIsoBoxes(bytes: Uint8Array): string | null {
  const data = view(bytes);
  let offset = 0;
  let hasMediaData = false;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return 'the AVIF is cut off inside a box header';
    let size = data.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    if (size === 1) {
      if (offset + 16 > bytes.length) return 'the AVIF is cut off inside a box header';
      size = Number(data.getBigUint64(offset + 8));
    } else if (size === 0) {
      size = bytes.length - offset;
    }
    if (size < 8) return 'the AVIF has a box of impossible size';
    if (offset + size > bytes.length) return 'the AVIF is cut off inside a box';
    if (type === 'mdat') hasMediaData = true;
    offset += size;
  }
  return hasMediaData ? null : 'the AVIF holds no image data (mdat box)';
}
