// Answers of tools that declare a cacheKey, kept per content store and tool while the store's generation is
// unchanged (the generation moves with every change on disk and when a scheduled time passes). Like the
// Content API's answer cache: a repeated call costs two map lookups.
import { GenerationCache } from '../lib/generation-cache.js';

/**
 * What one tool's kept answers may take. A kept answer is its JSON text twice (alone and escaped inside the
 * reply) and the parsed, frozen value: some four times its text. A repeat saves running the handler and
 * serializing, a fraction of a millisecond for a list: worth a few hundred answers, not the megabytes that
 * a thousand long ones would hold for good.
 */
export const TOOL_ANSWER_BYTES = 2 * 1024 * 1024;

/** `Answer`: a tools/call result (tool-call.ts), kept as it was sent; `sizeOf` tells what one takes. */
export class ToolAnswerCache<Answer> {
  constructor(private readonly sizeOf: (answer: Answer) => number) {}

  // By store, because one process (the tests) may serve several sites through the same dispatcher; then by
  // tool, so the caller's key (often one string kept per caller) is looked up as it is, not joined anew.
  private readonly byStore = new WeakMap<object, Map<string, GenerationCache<Answer>>>();

  get(store: object, generation: number, tool: string, key: string): Answer | undefined {
    return this.byStore.get(store)?.get(tool)?.get(generation, key);
  }

  set(store: object, generation: number, tool: string, key: string, answer: Answer): void {
    let byTool = this.byStore.get(store);
    if (!byTool) this.byStore.set(store, (byTool = new Map()));
    let kept = byTool.get(tool);
    if (!kept) byTool.set(tool, (kept = new GenerationCache(1000, { maxBytes: TOOL_ANSWER_BYTES, sizeOf: this.sizeOf })));
    kept.set(generation, key, answer);
  }
}
