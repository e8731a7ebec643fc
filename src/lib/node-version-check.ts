// svc runs on Node 20.19 and newer (DESIGN "Node versions"; the same bound as package.json's `engines`).
// An older Node fails in its own way before any of our code runs: ES module imports are linked before any
// module body is evaluated, so one missing export of a builtin (`hash` from node:crypto on Node 18) ends the
// start with a SyntaxError and a stack trace. The three entries therefore import only this file statically,
// call exitOnUnsupportedNode() and load everything else with `await import()`. This file sticks to syntax
// and APIs that every Node with ES modules has, so that it can say why in one sentence.

const MINIMUM_MAJOR = 20;
const MINIMUM_MINOR = 19;

/** The sentence an entry prints on a Node older than 20.19, or undefined when `version` (as in process.versions.node) will do. */
export function unsupportedNodeSentence(version: string): string | undefined {
  const parts = version.split('.');
  const major = Number(parts[0]);
  const minor = Number(parts[1]);
  if (major > MINIMUM_MAJOR || (major === MINIMUM_MAJOR && minor >= MINIMUM_MINOR)) return undefined;
  return `svc: Node ${MINIMUM_MAJOR}.${MINIMUM_MINOR} or newer is needed (24 LTS recommended); this is Node ${version}.`;
}

/** Ends the process with exit code 1 and the one sentence on stderr when this Node is too old. */
export function exitOnUnsupportedNode(version: string = process.versions.node): void {
  const sentence = unsupportedNodeSentence(version);
  if (sentence === undefined) return;
  process.stderr.write(sentence + '\n');
  process.exit(1);
}
