// The reference QR encoder for test/lib/qr.test.ts: the `qrcode` package (some 5 million downloads a week),
// fetched from the npm registry into a scratch folder outside the repository at test time, installed once
// and reused. Never in package.json. When the registry cannot be reached this throws, so the test fails
// rather than passing without a comparison.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchPackages } from './scratch-packages.ts';

export const QRCODE_PACKAGE = 'qrcode@1.5.4';

/** What the tests read from `qrcode/lib/core/qrcode` and `mask-pattern` (its internal matrix API). */
export interface ReferenceSymbol {
  version: number;
  maskPattern: number;
  modules: { size: number; data: Uint8Array };
}

export interface ReferenceEncoder {
  /** Byte mode, level M; `maskPattern` and `version` force those when given. */
  create(text: string, options: { maskPattern?: number; version?: number }): ReferenceSymbol;
  /** The package's own penalty rules 1-3 (runs, 2×2 blocks, finder-like patterns) of a finished matrix. */
  penaltyN1toN3(modules: ReferenceSymbol['modules']): number;
}

export function loadReferenceEncoder(): ReferenceEncoder {
  const dir = process.env.SVC_QR_REFERENCE_DIR ?? join(process.env.TMPDIR ?? tmpdir(), 'svc-test-qrcode');
  try {
    scratchPackages(dir, [QRCODE_PACKAGE], { timeoutMs: 180_000 });
  } catch (error) {
    throw new Error(`Could not fetch the reference QR encoder ${QRCODE_PACKAGE} from the npm registry, so the QR matrices cannot be compared: ${(error as Error).message}`);
  }
  const require = createRequire(join(dir, 'node_modules', 'index.js'));
  const core = require('qrcode/lib/core/qrcode') as { create(data: unknown, options: unknown): ReferenceSymbol };
  const masks = require('qrcode/lib/core/mask-pattern') as Record<'getPenaltyN1' | 'getPenaltyN2' | 'getPenaltyN3', (m: unknown) => number>;
  return {
    // An array of one byte segment: given a plain string the package would pick numeric or alphanumeric mode.
    create: (text, options) => core.create([{ data: text, mode: 'byte' }], { errorCorrectionLevel: 'M', ...options }),
    penaltyN1toN3: (modules) => {
      // Its penalty functions read the matrix through get(row, col).
      const matrix = { size: modules.size, data: modules.data, get: (row: number, col: number) => modules.data[row * modules.size + col] };
      return masks.getPenaltyN1(matrix) + masks.getPenaltyN2(matrix) + masks.getPenaltyN3(matrix);
    },
  };
}
