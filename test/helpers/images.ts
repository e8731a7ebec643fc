// Tiny real images of every accepted type, written byte by byte (no binary fixtures). Each is structurally
// whole: image-size reads its type and size, and it ends where its format says it ends.
import { deflateSync } from 'node:zlib';

/** A real PNG of the given size (solid colour), built with zlib: enough for image-size and browsers. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [40, 90, 160]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0); header.writeUInt32BE(height, 4);
  header[8] = 8; header[9] = 2; header[10] = 0; header[11] = 0; header[12] = 0;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A 1x1 GIF89a: header, logical screen, a 2-colour table, one image with LZW data, trailer 0x3B. */
export function makeGif(): Buffer {
  return Buffer.from([
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, // GIF89a
    0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, // 1x1, global colour table of 2
    0x00, 0x00, 0x00, 0xff, 0xff, 0xff, // black, white
    0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, // image descriptor
    0x02, 0x02, 0x44, 0x01, 0x00, // LZW min code size 2, one sub-block, terminator
    0x3b, // trailer
  ]);
}

/** A JPEG skeleton: SOI, a JFIF APP0, SOF0 of 3x2, a start of scan with a byte of data, EOI. */
export function makeJpeg(): Buffer {
  return Buffer.from([
    0xff, 0xd8,
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x03, 0x01, 0x01, 0x11, 0x00,
    0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x00,
    0xff, 0xd9,
  ]);
}

/** A lossless WebP (VP8L) header of 4x3 inside a RIFF container whose size matches the file. */
export function makeWebp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0x03, 0x80, 0x00, 0x00, 0x00]); // signature, (w-1)=3, (h-1)=2 packed in 14-bit fields
  vp8l.writeUInt32LE(((4 - 1) & 0x3fff) | (((3 - 1) & 0x3fff) << 14), 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32le(vp8l.length), vp8l]);
  const body = Buffer.concat([Buffer.from('WEBP'), chunk]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

/** An AVIF: ftyp (brand avif), meta > iprp > ipco > ispe of 5x7, and an mdat box. */
export function makeAvif(): Buffer {
  const ispe = box('ispe', Buffer.concat([Buffer.alloc(4), u32be(5), u32be(7)]));
  const ipco = box('ipco', ispe);
  const iprp = box('iprp', ipco);
  const meta = box('meta', Buffer.concat([Buffer.alloc(4), iprp]));
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('avif'), u32be(0), Buffer.from('avifmif1')]));
  const mdat = box('mdat', Buffer.from([1, 2, 3, 4]));
  return Buffer.concat([ftyp, meta, mdat]);
}

function box(type: string, payload: Buffer): Buffer {
  return Buffer.concat([u32be(payload.length + 8), Buffer.from(type, 'ascii'), payload]);
}
function u32be(n: number): Buffer { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; }
function u32le(n: number): Buffer { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; }
