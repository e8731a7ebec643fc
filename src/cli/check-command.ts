import { checkSite } from '../content/check/check-site.js';
import { problemLine } from '../content/check/site-problems.js';
import type { Parsed } from './options.js';
import { MINIMUM_NODE } from '../lib/node-version-check.js';
import { DEFAULT_SCRYPT_N, scryptCostSetting } from '../lib/scrypt-cost.js';

/**
 * `svc check`: the Node it runs on beside the floor (an older one never gets here: the entry refuses it), a
 * note when SVC_SCRYPT_N lowers the password hashes' cost, every problem on one line with its file, then how
 * many. site.yaml's `url` is compared with the public address when one is given (--base-url or
 * SVC_BASE_URL), the one `svc serve` would use then. Exit code 0 when there is none, 1 otherwise.
 */
export function runCheckCommand(parsed: Parsed, print: (line: string) => void): number {
  const { config } = parsed;
  const problems = checkSite({
    root: config.root,
    dataDir: config.dataDir,
    trusted: parsed.trustedFolders,
    ...(config.baseUrlGiven ? { servedAt: config.baseUrl } : {}),
    now: Date.now(),
  });
  print(`Node ${process.versions.node} (svc needs ${MINIMUM_NODE} or newer).`);
  // A setting of this process, not a problem of the site's files: said, not counted.
  const cost = scryptCostSetting();
  if ('n' in cost && cost.n < DEFAULT_SCRYPT_N) {
    print(`Note: SVC_SCRYPT_N=${cost.n} is below the default ${DEFAULT_SCRYPT_N}: passwords set with it are cheaper to guess; leave it unset outside a test suite.`);
  }
  for (const problem of problems) print(problemLine(problem));
  print(problems.length === 0 ? `No problems found in ${config.root}.` : `${problems.length} problem${problems.length === 1 ? '' : 's'} found in ${config.root}.`);
  return problems.length === 0 ? 0 : 1;
}
