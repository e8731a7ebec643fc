import { statfsSync } from 'node:fs';

/** statfs magic numbers of file systems another machine may write to: NFS, SMB/CIFS, FUSE, Ceph, 9p, Lustre. */
const NETWORK_FILE_SYSTEMS = new Set([0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x65735546, 0x00c36400, 0x01021997, 0x0bd00bd0]);

/**
 * Whether the folder is on a network file system: there no watch (inotify) sees what another machine
 * writes, so what must be seen soon is looked at instead. A folder that cannot be asked counts as one.
 */
export function isNetworkFolder(dir: string): boolean {
  try {
    return NETWORK_FILE_SYSTEMS.has(statfsSync(dir).type);
  } catch {
    return true;
  }
}
