// Is an image file whole? image-size reads only the header, so a file cut off after its first kilobytes
// still "is" a PNG to it. These checks walk each format's structure far enough to see the file ends where
// the format says it ends. They are structural checks, not decoders: they refuse truncation, not bad pixels.

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

/** PNG: a signature, then chunks (length, type, data, CRC); the last one must be IEND and end the file. */
function checkPng(bytes: Uint8Array): string | null {
  const data = view(bytes);
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = data.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    const end = offset + 12 + length;
    if (end > bytes.length) return 'the PNG is cut off inside a chunk';
    if (type === 'IEND') return null;
    offset = end;
  }
  return offset < bytes.length ? 'the PNG is cut off inside a chunk' : 'the PNG has no IEND chunk at its end';
}

/** JPEG: starts with SOI (FF D8) and ends with EOI (FF D9); trailing zero bytes some cameras add are allowed. */
function checkJpeg(bytes: Uint8Array): string | null {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  if (end < 4 || bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return 'the JPEG does not end with its end-of-image marker';
  return null;
}

/** GIF: the last byte is the trailer 0x3B. */
function checkGif(bytes: Uint8Array): string | null {
  return bytes[bytes.length - 1] === 0x3b ? null : 'the GIF does not end with its trailer byte';
}

/** WebP: the RIFF header states the file size; the file must hold all of it. */
function checkWebp(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return 'the WebP is shorter than its header';
  const stated = view(bytes).getUint32(4, true) + 8;
  return stated <= bytes.length ? null : 'the WebP is shorter than its RIFF header says';
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
