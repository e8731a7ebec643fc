/**
 * Gives a typed array's memory back now rather than at the next full collection, which a thread that makes
 * only short-lived garbage (the stamp sweep's worker) may not see for hours: its buffer is moved into a new
 * one that nothing holds, which the next young-generation collection frees. The array is empty afterwards,
 * so only its one owner may do this.
 */
export function freeNow(values: ArrayBufferView): void {
  const buffer = values.buffer;
  if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) structuredClone(buffer, { transfer: [buffer] });
}
