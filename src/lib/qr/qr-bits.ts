import { MAX_VERSION, MIN_VERSION, dataCodewords } from './qr-versions.js';

// The data bit stream in byte mode: mode indicator, character count, the bytes, a terminator of up to four
// zero bits, zero bits to the byte boundary, then the pad codewords 0xEC and 0x11 in turn (ISO/IEC 18004 7.4).

const BYTE_MODE = 0b0100;

/** Bits of the character count field in byte mode: 8 for versions 1-9, 16 above. */
function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** The smallest version at or above `minVersion` that holds `length` bytes, or undefined when none does. */
export function fitVersion(length: number, minVersion = MIN_VERSION): number | undefined {
  for (let version = Math.max(MIN_VERSION, minVersion); version <= MAX_VERSION; version++) {
    if (4 + countBits(version) + 8 * length <= dataCodewords(version) * 8) return version;
  }
  return undefined;
}

/** The data codewords of `bytes` for `version` (which must hold them: see fitVersion). */
export function dataStream(bytes: Uint8Array, version: number): Uint8Array {
  const capacity = dataCodewords(version);
  const out = new Uint8Array(capacity);
  let bitLength = 0;
  const put = (value: number, width: number): void => {
    for (let i = width - 1; i >= 0; i--, bitLength++) {
      if ((value >>> i) & 1) out[bitLength >>> 3]! |= 0x80 >>> (bitLength & 7);
    }
  };
  put(BYTE_MODE, 4);
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  // The terminator and the bits to the byte boundary are zeros, which `out` holds already.
  bitLength = Math.min(capacity * 8, bitLength + 4);
  let index = Math.ceil(bitLength / 8);
  for (let pad = 0xec; index < capacity; index++, pad ^= 0xec ^ 0x11) out[index] = pad;
  return out;
}
