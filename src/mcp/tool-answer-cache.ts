// Answers of tools that declare a cacheKey, kept per content store while its generation is unchanged (the
// generation moves with every change on disk and when a scheduled time passes). Like the Content API's
// answer cache: a repeated call costs a map lookup.
import { GenerationCache } from '../lib/generation-cache.js';
import type { CallToolResult } from './tool-call.js';

export class ToolAnswerCache {
  // By store, because one process (the tests) may serve several sites through the same dispatcher.
  private readonly byStore = new WeakMap<object, GenerationCache<CallToolResult>>();

  get(store: object, generation: number, key: string): CallToolResult | undefined {
    return this.byStore.get(store)?.get(generation, key);
  }

  set(store: object, generation: number, key: string, answer: CallToolResult): void {
    let kept = this.byStore.get(store);
    if (!kept) this.byStore.set(store, (kept = new GenerationCache()));
    kept.set(generation, key, answer);
  }
}
