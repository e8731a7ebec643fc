// An option given twice (`--port 1 --port 2`) is refused rather than one of the two taken in silence: the
// person meant one, and util.parseArgs keeps the last without a word. The `svc` command line
// (cli/options.ts) and the servers' flags (config.ts) refuse it with this one sentence.

/** A token of util.parseArgs's `tokens: true` answer, as far as this looks at it. */
interface Token { kind: string; name?: string }

/**
 * The sentence for the first option named twice among `tokens` (`--root is given more than once`), or null.
 * An option declared `multiple` (like --scope) may repeat.
 */
export function repeatedOptionSentence(tokens: readonly Token[], options: Readonly<Record<string, { type: string; multiple?: boolean }>>): string | null {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined || options[token.name]?.multiple === true) continue;
    if (seen.has(token.name)) return `--${token.name} is given more than once`;
    seen.add(token.name);
  }
  return null;
}
