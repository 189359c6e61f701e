import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_IMAGE_SIZES, type DocumentImageKind, renderDocumentImage } from './document-images.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const KINDS = Object.keys(DOCUMENT_IMAGE_SIZES) as DocumentImageKind[];

describe('renderDocumentImage', () => {
  it.each(KINDS)('draws a valid %s PNG of the announced size', (kind) => {
    const bytes = renderDocumentImage(kind, 7);
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const decoded = PNG.sync.read(bytes);
    expect({ width: decoded.width, height: decoded.height }).toEqual(DOCUMENT_IMAGE_SIZES[kind]);
    expect(bytes.length).toBeLessThan(30_000);
  });

  it('is deterministic per variant and varies between variants', () => {
    expect(renderDocumentImage('id-card-front', 3).equals(renderDocumentImage('id-card-front', 3))).toBe(
      true,
    );
    expect(renderDocumentImage('id-card-front', 3).equals(renderDocumentImage('id-card-front', 4))).toBe(
      false,
    );
  });

  it('draws more than a flat background', () => {
    const decoded = PNG.sync.read(renderDocumentImage('selfie', 1));
    const colours = new Set<number>();
    for (let offset = 0; offset < decoded.data.length; offset += 4) {
      colours.add(decoded.data.readUInt32BE(offset));
    }
    expect(colours.size).toBeGreaterThan(4);
  });
});
