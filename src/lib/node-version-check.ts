// svc runs on Node 22.13 and newer (DESIGN "Node versions"; the same bound as package.json's `engines`): the
// first release line in support with `node:sqlite`, require() of ES modules without a flag, and `util.diff`.
// An older Node fails in its own way before any of our code runs: ES module imports are linked before any
// module body is evaluated, so one missing export of a builtin (`diff` from node:util on Node 20) ends the
// start with a SyntaxError and a stack trace. The three entries therefore import only this file statically,
// call exitOnUnsupportedNode() and then load their start with one `await import()`. This file sticks to
// syntax and APIs that every Node with ES modules has, so that it can say why in one sentence.

export const MINIMUM_NODE = '22.13';
const MINIMUM_MAJOR = 22;
const MINIMUM_MINOR = 13;

/** Whether `version` (as in process.versions.node) is at least the floor. */
export function meetsNodeFloor(version: string): boolean {
  const parts = version.split('.');
  const major = Number(parts[0]);
  const minor = Number(parts[1]);
  return major > MINIMUM_MAJOR || (major === MINIMUM_MAJOR && minor >= MINIMUM_MINOR);
}

/** The sentence an entry prints on a Node older than the floor, or undefined when `version` will do. */
export function unsupportedNodeSentence(version: string): string | undefined {
  if (meetsNodeFloor(version)) return undefined;
  return `svc: Node ${MINIMUM_NODE} or newer is needed (24 LTS recommended); this is Node ${version}.`;
}

/** Ends the process with exit code 1 and the one sentence on stderr when this Node is too old. */
export function exitOnUnsupportedNode(version: string = process.versions.node): void {
  const sentence = unsupportedNodeSentence(version);
  if (sentence === undefined) return;
  process.stderr.write(sentence + '\n');
  process.exit(1);
}
