import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeQr } from '../../dist/lib/qr/qr-encode.js';
import { qrSvg } from '../../dist/lib/qr/qr-svg.js';
import { dataCodewords } from '../../dist/lib/qr/qr-versions.js';
import { otpauthUri } from '../../dist/auth/totp.js';
import { loadReferenceEncoder, type ReferenceSymbol } from '../helpers/qr-reference.ts';

// Our QR encoder against the widely used `qrcode` package, module for module: every version from 1 to 40,
// every mask forced, and the mask each picks by itself.

const reference = loadReferenceEncoder();

/** A deterministic text of `length` bytes: ASCII with a two-byte letter now and then. */
function textOf(length: number, seed: number): string {
  let text = '';
  let bytes = 0;
  for (let i = 0; bytes < length; i++) {
    const code = (i * 7919 + seed * 104729) % 97;
    if (code === 0 && bytes + 2 <= length) {
      text += 'é';
      bytes += 2;
    } else {
      text += String.fromCharCode(32 + (code % 95));
      bytes += 1;
    }
  }
  return text;
}

/** The bytes version `v` holds in byte mode at level M. */
function capacity(version: number): number {
  return dataCodewords(version) - (version <= 9 ? 2 : 3);
}

interface Case { text: string; minVersion?: number }

// For each version: a text that fills it exactly (the smallest version that holds it), and a short text
// placed in it on purpose. Plus the edges and the addresses the account page really shows.
const CASES: Case[] = [];
for (let version = 1; version <= 40; version++) {
  CASES.push({ text: textOf(capacity(version), version) });
  CASES.push({ text: textOf(Math.min(capacity(version), 1 + (version * 13) % 40), version + 100), minVersion: version });
}
CASES.push({ text: 'a' }, { text: '日本語のテキスト 🙂' }, { text: textOf(2331, 7) });
CASES.push({ text: otpauthUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'Demo site', 'ann@example.com') });
CASES.push({ text: otpauthUri('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 'Ünïcödé & <Co>', 'very.long.name+tag@sub.example.org') });

function label(c: Case): string {
  return `${new TextEncoder().encode(c.text).length} bytes${c.minVersion ? ` in version ${c.minVersion}` : ''}`;
}

// Both tests read the same forced-mask symbols: made once.
const made = new Map<string, ReferenceSymbol>();

function referenceOf(c: Case, maskPattern?: number): ReferenceSymbol {
  const key = `${CASES.indexOf(c)}/${maskPattern}`;
  const known = made.get(key);
  if (known) return known;
  const symbol = reference.create(c.text, { ...(maskPattern === undefined ? {} : { maskPattern }), ...(c.minVersion ? { version: c.minVersion } : {}) });
  made.set(key, symbol);
  return symbol;
}

function assertSameModules(ours: ReturnType<typeof encodeQr>, theirs: ReferenceSymbol, what: string): void {
  assert.equal(ours.version, theirs.version, `${what}: version`);
  assert.equal(ours.size, theirs.modules.size, `${what}: size`);
  const a = ours.modules;
  const b = theirs.modules.data;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) assert.fail(`${what}: module at row ${Math.floor(i / ours.size)}, column ${i % ours.size} differs`);
  }
}

test(`with each of the 8 masks forced, ${CASES.length} texts across versions 1-40 give the reference's matrices module for module`, () => {
  assert.ok(CASES.length >= 50);
  const versions = new Set<number>();
  for (const c of CASES) {
    for (let mask = 0; mask < 8; mask++) {
      const ours = encodeQr(c.text, { mask, ...(c.minVersion ? { minVersion: c.minVersion } : {}) });
      assertSameModules(ours, referenceOf(c, mask), `${label(c)}, mask ${mask}`);
      versions.add(ours.version);
    }
  }
  assert.equal(versions.size, 40, 'every version was compared');
});

test('the mask picked by the penalty rules gives the reference matrix; the pick is the lowest penalty of the standard', () => {
  // `qrcode` scores rule 4 (the dark share) as |ceil(percent / 5) − 10|, which also charges 50-55% dark; the
  // standard charges only from 55% (and below 45%). Rules 1-3 agree. So the expected pick is the lowest sum of
  // the package's own rules 1-3 and the standard's rule 4 over the package's eight forced matrices; where the
  // two rule-4 readings agree, it must also be the package's own pick.
  let samePick = 0;
  const picked = new Set<number>();
  for (const c of CASES) {
    const ours = encodeQr(c.text, c.minVersion ? { minVersion: c.minVersion } : {});
    let expected = -1;
    let best = Infinity;
    for (let mask = 0; mask < 8; mask++) {
      const symbol = referenceOf(c, mask);
      const total = symbol.modules.data.length;
      const dark = symbol.modules.data.reduce((sum, module) => sum + module, 0);
      const rule4 = 10 * Math.max(0, Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1);
      const penalty = reference.penaltyN1toN3(symbol.modules) + rule4;
      if (penalty < best) [best, expected] = [penalty, mask];
    }
    assert.equal(ours.mask, expected, `${label(c)}: mask`);
    const theirs = referenceOf(c);
    if (theirs.maskPattern === ours.mask) {
      samePick++;
      assertSameModules(ours, theirs, `${label(c)}, picked mask`);
    }
    picked.add(ours.mask);
  }
  assert.ok(samePick >= 50, `the package picked the same mask for ${samePick} of ${CASES.length} texts`);
  assert.ok(picked.size >= 6, `picks spread over the masks (${[...picked].sort().join(', ')})`);
});

test('a text longer than version 40 holds and a mask out of range are refused with a sentence', () => {
  assert.throws(() => encodeQr(textOf(2332, 1)), /too long for a QR code/);
  assert.throws(() => encodeQr('a', { mask: 8 }), /mask is a number from 0 to 7/);
});

test('the SVG draws every dark module once, inside a four-module quiet zone, and escapes its label', () => {
  const code = encodeQr('https://example.com/');
  const svg = qrSvg(code, 'Code for "Tom & Jerry" <x>');
  assert.match(svg, /aria-label="Code for &quot;Tom &amp; Jerry&quot; &lt;x&gt;"/);
  assert.match(svg, new RegExp(`viewBox="0 0 ${code.size + 8} ${code.size + 8}"`));
  let drawn = 0;
  for (const [, x, y, width] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(width); i++) {
      const at = (Number(y) - 4) * code.size + Number(x) - 4 + i;
      assert.equal(code.modules[at], 1, 'only dark modules are drawn');
      drawn++;
    }
  }
  assert.equal(drawn, code.modules.reduce((sum, m) => sum + m, 0));
});
