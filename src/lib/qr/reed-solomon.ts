// Reed-Solomon error correction over GF(256) with the QR code's field polynomial x^8+x^4+x^3+x^2+1 (0x11d)
// and generator roots 2^0 .. 2^(n-1) (ISO/IEC 18004 7.5.2).

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = value;
    LOG[value] = i;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  // Doubling the table spares a modulo in every multiplication.
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

function multiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

const generators = new Map<number, Uint8Array>();

/** The generator polynomial of degree `degree`, highest coefficient (always 1) left out, highest first. */
function generator(degree: number): Uint8Array {
  let known = generators.get(degree);
  if (known) return known;
  // Multiply (x - 2^0)(x - 2^1)...; in GF(256) minus is plus.
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      next[j + 1]! ^= multiply(poly[j]!, EXP[i]!);
    }
    poly = next;
  }
  known = Uint8Array.from(poly.slice(1));
  generators.set(degree, known);
  return known;
}

/** The `degree` error correction codewords of one block: the remainder of data(x)·x^degree by the generator. */
export function errorCorrection(data: Uint8Array, degree: number): Uint8Array {
  const divisor = generator(degree);
  const remainder = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[degree - 1] = 0;
    for (let i = 0; i < degree; i++) remainder[i]! ^= multiply(divisor[i]!, factor);
  }
  return remainder;
}
