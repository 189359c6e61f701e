import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Keys look like `verifications/provider/12/id-card-front.png`: lower-case segments, no dots-only parts. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(png|jpg|jpeg|pdf|webp)$/;

export class InvalidDocumentKeyError extends Error {}

export function isValidDocumentKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Private documents (identity papers, dispute evidence) in a local folder of the data directory.
 * Nothing here is served publicly: the API hands out short-lived signed URLs to read them. Folders
 * are created 0700 and files 0600: other accounts of the machine cannot read them.
 */
export class DocumentStorage {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  /** Absolute path of a key, refusing anything that would leave the storage folder. */
  resolve(key: string): string {
    if (!isValidDocumentKey(key)) throw new InvalidDocumentKeyError(`Clé de document invalide : ${key}`);
    const absolute = path.resolve(this.rootDir, key);
    if (!absolute.startsWith(this.rootDir + path.sep)) {
      throw new InvalidDocumentKeyError(`Clé de document invalide : ${key}`);
    }
    return absolute;
  }

  async save(key: string, data: Uint8Array): Promise<void> {
    const absolute = this.resolve(key);
    await mkdir(path.dirname(absolute), { recursive: true, mode: 0o700 });
    await writeFile(absolute, data, { mode: 0o600 });
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}

export function documentsDir(dataDir: string): string {
  return path.join(dataDir, 'documents');
}
