// The code cache of a bundle's modules file, as text for the bundle's entry. V8 can serialize what it
// compiled for a script (vm.Script#createCachedData) and take it back on the next start instead of parsing and
// compiling again: the stdio server's first answer is ~8 ms sooner, most of it the functions V8 compiled
// lazily on their first call during the last start, which a cache made after the start holds as well.
//
// A cache is compiled code, so it is trusted like code: it lives beside the modules file (written by whoever
// may write the code; a folder we cannot write gets none, and a start goes on as without one). It is read
// before any module runs, so before the configuration (and the data folder) is known; it depends on the code
// only, not on the site. It holds no value of a run (no token, no setting): V8 keeps the functions' bytecode
// and the literals of the source, nothing of the heap.
//
// V8 checks only its own version, its flags and the source's length; given the bytes of another script of
// the same length, or bytes changed on disk, it runs them (or crashes). So a cache is used only when its
// header line names this build, this Node, this modules file (device, inode, size, modification time), and
// the SHA-256 of its bytes matches; anything else (missing, truncated, another bundle's) is ignored.

/** How long after the start the cache is written: the first answer is out by then; the timer is unref'd. */
export const CODE_CACHE_DELAY_MS = 500;

export const CODE_CACHE_RUNTIME = `// NODE_DEBUG=svc-bundle says whether a start used a code cache and when one is written.
const __svc_codeCacheDebug = process.getBuiltinModule('node:util').debuglog('svc-bundle');

/** The line a cache starts with, without its checksum: what it must have been made for to be used. */
function __svc_codeCacheKey(buildId, stat) {
  return \`svc-code-cache \${buildId} \${process.version} \${process.arch} \${stat.dev}:\${stat.ino}:\${stat.size}:\${stat.mtimeMs}\`;
}

function __svc_sha256(bytes) {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');
}

/** V8's bytes from the cache at \`file\` when it was made for \`key\` and is whole; otherwise undefined. */
function __svc_readCodeCache(file, key) {
  let bytes;
  try {
    bytes = process.getBuiltinModule('node:fs').readFileSync(file);
  } catch {
    return undefined;
  }
  const newline = bytes.indexOf(10);
  const digestAt = newline - 64;
  if (digestAt <= 0 || bytes[digestAt - 1] !== 32 || bytes.toString('latin1', 0, digestAt - 1) !== key) return undefined;
  const data = bytes.subarray(newline + 1);
  return __svc_sha256(data) === bytes.toString('latin1', digestAt, newline) ? data : undefined;
}

/** Soon after the start (off the first answer's path), keeps what V8 has compiled by then for the next start. */
function __svc_keepCodeCache(file, key, script) {
  setTimeout(__svc_writeCodeCache, ${CODE_CACHE_DELAY_MS}, file, key, script).unref();
}

/**
 * Written beside and renamed over, so a reader sees a whole cache or none (no fsync: a cache torn by a crash
 * fails its checksum). Any failure only costs the next start its cache.
 */
function __svc_writeCodeCache(file, key, script) {
  const fs = process.getBuiltinModule('node:fs');
  const path = process.getBuiltinModule('node:url').fileURLToPath(file);
  const temporary = \`\${path}.\${process.pid}.tmp\`;
  try {
    fs.accessSync(new URL('.', file), fs.constants.W_OK);
    const data = script.createCachedData();
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(\`\${key} \${__svc_sha256(data)}\\n\`, 'latin1'), data]), { mode: 0o644 });
    fs.renameSync(temporary, path);
    __svc_codeCacheDebug('code cache written: %s', file.href);
  } catch {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // Never written.
    }
  }
}
`;
