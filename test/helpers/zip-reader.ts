// Reads a ZIP archive the way an unzip tool does, from its central directory, checking every file's CRC-32
// and sizes against its data: what the statistics export writes must open anywhere.
import { crc32, inflateRawSync } from 'node:zlib';

export function readZip(bytes: Buffer): Map<string, string> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error(`entry ${i}: no central directory header`);
    const method = bytes.readUInt16LE(at + 10), crc = bytes.readUInt32LE(at + 16), compressed = bytes.readUInt32LE(at + 20), size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28), extra = bytes.readUInt16LE(at + 30), comment = bytes.readUInt16LE(at + 32), offset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (bytes.readUInt32LE(offset) !== 0x04034b50) throw new Error(`${name}: no local header`);
    const dataAt = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    const data = bytes.subarray(dataAt, dataAt + compressed);
    const text = method === 8 ? inflateRawSync(data) : data;
    if (text.length !== size) throw new Error(`${name}: ${text.length} bytes, the directory says ${size}`);
    if (crc32(text) >>> 0 !== crc) throw new Error(`${name}: CRC-32 does not match`);
    files.set(name, text.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
