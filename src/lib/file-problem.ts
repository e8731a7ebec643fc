import { NotRegularFileError, notRegularReason } from './regular-file.js';

// What an operator reads when the file system refuses: one sentence naming the path and the reason,
// never a stack trace (a folder that is a file, a missing or read-only path, a full disk, a FIFO).

const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ENOENT: 'it does not exist',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  // mkdir's answer where a file is in a folder's place (svc init with content/posts a file).
  EEXIST: 'a file is there already, where a folder was to be made',
};

/** Whether `error` is a file system refusal this module can put in a sentence. */
export function isFileProblem(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && Object.hasOwn(REASONS, code);
}

/** The reason alone (`permission denied`), or null for anything else. */
export function fileProblemReason(error: unknown): string | null {
  if (error instanceof NotRegularFileError) return notRegularReason(error.fileKind);
  return isFileProblem(error) ? REASONS[error.code!]! : null;
}

/** `cannot use <path>: <reason>` (no prefix, no full stop), or null for anything else. */
export function describeFileProblem(error: unknown): string | null {
  const reason = fileProblemReason(error);
  if (reason === null) return null;
  return `cannot use ${(error as NodeJS.ErrnoException).path ?? 'a file'}: ${reason}`;
}
