import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  DocumentStorage,
  InvalidDocumentKeyError,
  isValidDocumentKey,
} from './document-storage.js';

describe('document keys', () => {
  it('accepts plain keys and refuses path tricks', () => {
    expect(isValidDocumentKey('verifications/provider/12/id-card-front.png')).toBe(true);
    for (const key of [
      '../secret.png',
      'a/../../b.png',
      '/etc/passwd',
      'a//b.png',
      'a/b',
      'A/B.PNG',
      'a\\b.png',
    ]) {
      expect(isValidDocumentKey(key), key).toBe(false);
    }
  });

  it('gives content types by extension', () => {
    expect(contentTypeOf('a/b.png')).toBe('image/png');
    expect(contentTypeOf('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('a/b.pdf')).toBe('application/pdf');
  });
});

describe('DocumentStorage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kwanza-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = new DocumentStorage(root);

  it('saves, reads and removes a document inside its folder', async () => {
    await storage.save('docs/a/b.png', new Uint8Array([1, 2, 3]));
    expect(await storage.exists('docs/a/b.png')).toBe(true);
    expect([...((await storage.read('docs/a/b.png')) ?? [])]).toEqual([1, 2, 3]);
    await storage.remove('docs/a/b.png');
    expect(await storage.read('docs/a/b.png')).toBeNull();
  });

  it('refuses keys that would leave the folder', async () => {
    await expect(storage.save('../outside.png', new Uint8Array([1]))).rejects.toBeInstanceOf(
      InvalidDocumentKeyError,
    );
    expect(() => storage.resolve('x/../../y.png')).toThrow(InvalidDocumentKeyError);
  });
});
