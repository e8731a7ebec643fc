// Reads the files of a ZIP archive (an upload held in memory) from its central directory: stored or deflated
// entries, each checked against its CRC-32 and size, with limits on how much the whole may unpack to (a
// small archive that unpacks to gigabytes is refused, not unpacked).
import { crc32, inflateRawSync } from 'node:zlib';

export class ZipProblem extends Error {}

const LOCAL_HEADER = 0x04034b50;

/** Whether the bytes begin as a ZIP archive does (a local file header); a file under 4 bytes never does. */
export function startsLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;
}

export function readZipFiles(bytes: Buffer, limits: { maxFiles: number; maxTotalBytes: number }): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) throw new ZipProblem('it is not a ZIP archive (no central directory)');
  const count = bytes.readUInt16LE(end + 10);
  if (count > limits.maxFiles) throw new ZipProblem(`it holds ${count} files; at most ${limits.maxFiles} are read`);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new ZipProblem('its directory is damaged');
    const method = bytes.readUInt16LE(at + 10), crc = bytes.readUInt32LE(at + 16), compressed = bytes.readUInt32LE(at + 20), size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28), extra = bytes.readUInt16LE(at + 30), comment = bytes.readUInt16LE(at + 32), offset = bytes.readUInt32LE(at + 42);
    // A name running past the end would be read cut short (subarray stops quietly): refused as damage.
    if (at + 46 + nameLength > bytes.length) throw new ZipProblem('its directory is damaged');
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;
    if (name.endsWith('/')) continue;
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipProblem(`it unpacks to more than ${Math.round(limits.maxTotalBytes / 1e6)} MB`);
    if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== LOCAL_HEADER) throw new ZipProblem(`${name}: its data is missing (is the archive cut short?)`);
    const dataAt = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    if (dataAt + compressed > bytes.length) throw new ZipProblem(`${name}: its data is cut short`);
    const data = bytes.subarray(dataAt, dataAt + compressed);
    let content: Buffer;
    try {
      content = method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: size + 1 }) : (() => { throw new ZipProblem(`${name}: packed in a way this reader does not know`); })();
    } catch (error) {
      if (error instanceof ZipProblem) throw error;
      throw new ZipProblem(`${name}: its data cannot be unpacked (damaged or cut short)`);
    }
    if (content.length !== size || (crc32(content) >>> 0) !== crc) throw new ZipProblem(`${name}: its data does not match its checksum (damaged)`);
    files.set(name, content);
  }
  return files;
}
