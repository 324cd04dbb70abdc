import { readFileSync } from 'node:fs';

export class InputFileError extends Error {}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file (a part of the path is not a folder)',
  EISDIR: 'is a directory, not a file',
  EACCES: 'permission denied: this user cannot read it',
  EPERM: 'permission denied: this user cannot read it',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
};

/** The bytes of a file the operator named, or an InputFileError (`missing.csv: no such file`). */
export function readInputFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason =
      typeof code === 'string' ? (REASONS[code] ?? `cannot be read (${code})`) : 'cannot be read';
    throw new InputFileError(`${path}: ${reason}`, { cause: error });
  }
}
