import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/sql.js';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertDispute, insertEvidence } from '../disputes/disputes.factories.js';
import { insertProvider } from '../providers/providers.factories.js';
import { insertProviderVerification, TINY_PNG } from '../verifications/verifications.factories.js';

describe('signed document links', () => {
  let ctx: TestContext;
  let verificationId: number;
  let providerId: number;
  const frontKey = 'verifications/provider/test/id-card-front.png';
  const selfieKey = 'verifications/provider/test/selfie.jpg';
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

  beforeAll(async () => {
    ctx = await createTestContext({ DOCUMENT_URL_TTL_SECONDS: '120' });
    await ctx.app.storage.save(frontKey, TINY_PNG);
    await ctx.app.storage.save(selfieKey, JPEG);
    await ctx.app.storage.save('orphans/not-referenced.png', TINY_PNG);
    providerId = (await insertProvider(ctx.db)).userId;
    verificationId = await insertProviderVerification(ctx.db, {
      user_id: providerId,
      id_card_front: frontKey,
      selfie_image: selfieKey,
    });
  });
  afterAll(() => ctx.close());

  const detail = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/provider-verification/${verificationId}/`,
      headers: ctx.auth,
    });
    return response.json() as { id_card_front: string; selfie_image: string; id_card_back: string | null };
  };
  const fetchDocument = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('returns short-lived signed links in the document fields, null when absent', async () => {
    const body = await detail();
    expect(body.id_card_back).toBeNull();
    const url = new URL(body.id_card_front, 'http://localhost');
    expect(url.pathname).toBe(`/api/documents/${frontKey}`);
    const expires = Number(url.searchParams.get('expires'));
    const now = Date.now() / 1000;
    expect(expires).toBeGreaterThanOrEqual(now + 119);
    expect(expires).toBeLessThanOrEqual(now + 120 + 60);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves a document through a valid link without a token, with the right headers', async () => {
    const body = await detail();
    const png = await fetchDocument(body.id_card_front);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.headers['content-disposition']).toBe('inline');
    expect(png.rawPayload.equals(TINY_PNG)).toBe(true);
    const jpeg = await fetchDocument(body.selfie_image);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses an expired link', async () => {
    const signer = documentUrlSigner(ctx.app);
    const expired = signer.sign(frontKey, Math.floor(Date.now() / 1000) - 3600) ?? '';
    const response = await fetchDocument(expired);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Lien de document expiré.');
  });

  it('refuses a tampered signature, a pushed-back expiry and a signature of another file', async () => {
    const { id_card_front: front, selfie_image: selfie } = await detail();
    const url = new URL(front, 'http://localhost');
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const tampered = await fetchDocument(
      `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${flipped}`,
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().detail).toBe('Lien de document invalide.');

    const later = Number(url.searchParams.get('expires')) + 86400;
    expect((await fetchDocument(`${url.pathname}?expires=${later}&signature=${signature}`)).statusCode).toBe(
      403,
    );

    const selfieUrl = new URL(selfie, 'http://localhost');
    const otherFile = await fetchDocument(`${url.pathname}${selfieUrl.search}`);
    expect(otherFile.statusCode).toBe(403);

    const missing = await fetchDocument(url.pathname);
    expect(missing.statusCode).toBe(400);
  });

  it('refuses path tricks and keys that are no document of a verification', async () => {
    const signer = documentUrlSigner(ctx.app);
    for (const trick of [
      '../jwt-secret',
      '..%2Fjwt-secret',
      '%2e%2e/%2e%2e/etc/passwd.png',
      'verifications//x.png',
      'a/.hidden.png',
    ]) {
      const expires = signer.expiryFrom(Math.floor(Date.now() / 1000));
      const response = await fetchDocument(
        `/api/documents/${trick}?expires=${expires}&signature=${signer.signatureOf(decodeURIComponent(trick), expires)}`,
      );
      expect([400, 404], trick).toContain(response.statusCode);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const orphan = await fetchDocument(signer.sign('orphans/not-referenced.png') ?? '');
    expect(orphan.statusCode).toBe(404);
    expect(orphan.json().detail).toBe('Document introuvable');
  });

  it('serves dispute evidence of existing users too', async () => {
    const key = 'disputes/evidence-1.pdf';
    await ctx.app.storage.save(key, Buffer.from('%PDF-1.4\n'));
    const clientId = await insertUser(ctx.db, { role: 'client' });
    const disputeId = await insertDispute(ctx.db, { client_id: clientId, provider_id: providerId });
    await insertEvidence(ctx.db, { dispute_id: disputeId, user_id: clientId, file: key });
    const response = await fetchDocument(documentUrlSigner(ctx.app).sign(key) ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('no longer serves the documents of a deleted user, even with a valid link', async () => {
    const { id_card_front: front } = await detail();
    expect((await fetchDocument(front)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', providerId).execute();
    const response = await fetchDocument(front);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Document introuvable');
  });
});
