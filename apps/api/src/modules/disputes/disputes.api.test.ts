import {
  type Dispute,
  type DisputeDetail,
  DisputeListQuery,
  type DisputePage,
  type DisputeStats,
} from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertConversation } from '../conversations/conversations.factories.js';
import { insertProject } from '../projects/projects.factories.js';
import { TINY_PNG } from '../verifications/verifications.factories.js';
import { insertDispute, insertEvidence } from './disputes.factories.js';
import { listDisputes } from './disputes.repository.js';
import { getDisputeStats } from './disputes.stats.js';

const DAY = 24 * 3600 * 1000;

describe('disputes API', () => {
  let ctx: TestContext;
  let clientId: number;
  let providerId: number;
  let otherClientId: number;
  let projectId: number;
  let conversationId: number;
  let withEvidenceId: number;
  const evidenceKey = 'disputes/test/evidence-1.png';
  const base = Date.UTC(2026, 9, 10, 12);

  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
    return { status: response.statusCode, body: response.json() as T };
  };
  const titles = (page: DisputePage) => page.results.map((dispute: Dispute) => dispute.title);

  beforeAll(async () => {
    ctx = await createTestContext();
    clientId = await insertUser(ctx.db, { first_name: 'Ângela', last_name: 'Tchissola', username: 'angela' });
    otherClientId = await insertUser(ctx.db, { first_name: 'Paulo', last_name: 'Neto', username: 'paulo' });
    providerId = await insertUser(ctx.db, {
      role: 'provider',
      first_name: 'João',
      last_name: 'Baptista',
      username: 'joao',
    });
    projectId = await insertProject(ctx.db, { client_id: clientId, title: 'Rénovation cuisine' });
    conversationId = await insertConversation(ctx.db, {
      client_id: clientId,
      provider_id: providerId,
      project_id: projectId,
    });
    // 12 disputes, one per day, newest last: 3 resolved, 2 under review, 7 open.
    for (let index = 0; index < 12; index += 1) {
      const status = index < 3 ? 'resolved' : index < 5 ? 'under_review' : 'open';
      const createdAt = new Date(base + index * DAY).toISOString();
      await insertDispute(ctx.db, {
        client_id: index % 2 === 0 ? clientId : otherClientId,
        provider_id: providerId,
        title: `Litige numéro ${String(index).padStart(2, '0')}`,
        description: index === 4 ? 'Installation électrique défectueuse' : 'Retard de livraison',
        status,
        created_at: createdAt,
        resolved_at:
          status === 'resolved' ? new Date(base + index * DAY + (index + 1) * 3600_000).toISOString() : null,
      });
    }
    withEvidenceId = await insertDispute(ctx.db, {
      client_id: clientId,
      provider_id: providerId,
      project_id: projectId,
      service_title: 'Rénovation cuisine',
      title: 'Carrelage mal posé',
      created_at: new Date(base + 20 * DAY).toISOString(),
    });
    await ctx.app.storage.save(evidenceKey, TINY_PNG);
    await insertEvidence(ctx.db, {
      dispute_id: withEvidenceId,
      user_id: clientId,
      description: 'Photo du carrelage',
      file: evidenceKey,
    });
  });
  afterAll(() => ctx.close());

  it('lists newest first, 10 per page, with the names of both parties and per-status counts', async () => {
    const first = await get<DisputePage>('/api/disputes/');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(13);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0]?.title).toBe('Carrelage mal posé');
    expect(first.body.results[1]?.title).toBe('Litige numéro 11');
    expect(first.body.status_counts).toEqual({ open: 8, under_review: 2, resolved: 3, closed: 0 });
    const top = first.body.results[0];
    expect(top?.client_name).toBe('Ângela Tchissola');
    expect(top?.provider_name).toBe('João Baptista');
    expect(top?.service_title).toBe('Rénovation cuisine');
    expect(top?.evidence).toHaveLength(1);
    expect(top?.evidence[0]?.user_name).toBe('Ângela Tchissola');
    expect(first.body.next).toBe('/api/disputes/?page=2');

    const second = await get<DisputePage>('/api/disputes/?page=2');
    expect(titles(second.body)).toEqual(['Litige numéro 02', 'Litige numéro 01', 'Litige numéro 00']);
    const small = await get<DisputePage>('/api/disputes/?page_size=5&page=3');
    expect(small.body.results).toHaveLength(3);
  });

  it('reads a page without a search, its per-status counts and its evidence in three statements', async () => {
    const { db, statements } = recordingStatements(ctx.db);
    const listed = await listDisputes(db, DisputeListQuery.parse({ status: 'open' }), {
      signer: documentUrlSigner(ctx.app),
      now: new Date(),
    });
    // PostgreSQL: the counters with the page's ids, the rows, the evidence; SQLite: the counters
    // and the page, the evidence.
    expect(statements).toHaveLength(3);
    expect(listed.count).toBe(8);
    expect(listed.status_counts).toEqual({ open: 8, under_review: 2, resolved: 3, closed: 0 });
    expect(listed.results.every((dispute) => dispute.status === 'open')).toBe(true);
    expect(listed.results.find((dispute) => dispute.title === 'Carrelage mal posé')?.evidence).toHaveLength(
      1,
    );
  });

  it('gives each dispute its own evidence whatever the number of disputes a page holds', async () => {
    // Evidence is read by one statement per number of disputes (compiled once each): pages of 1, 2, 3
    // and 10 disputes and a detail, each dispute with only its own evidence, oldest first.
    const newest = (await get<DisputePage>('/api/disputes/?page_size=2')).body.results[1];
    const elevenId = newest?.id ?? 0;
    expect(newest?.title).toBe('Litige numéro 11');
    const added = [
      await insertEvidence(ctx.db, {
        dispute_id: elevenId,
        user_id: providerId,
        description: 'Devis signé',
        file: 'disputes/test/devis.pdf',
        created_at: new Date(base + 30 * DAY).toISOString(),
      }),
      await insertEvidence(ctx.db, {
        dispute_id: elevenId,
        user_id: otherClientId,
        description: 'Facture',
        file: 'disputes/test/facture.pdf',
        created_at: new Date(base + 29 * DAY).toISOString(),
      }),
    ];
    try {
      const described = (dispute: Dispute | undefined) =>
        dispute?.evidence.map((item) => `${item.user_name}: ${item.description}`);
      for (const size of [1, 2, 3, 10]) {
        const page = (await get<DisputePage>(`/api/disputes/?page_size=${size}`)).body.results;
        expect(page).toHaveLength(size);
        expect(described(page[0])).toEqual(['Ângela Tchissola: Photo du carrelage']);
        if (size > 1)
          expect(described(page[1])).toEqual(['Paulo Neto: Facture', 'João Baptista: Devis signé']);
        for (const dispute of page.slice(2)) expect(dispute.evidence).toEqual([]);
      }
      const detail = await get<Dispute>(`/api/disputes/${elevenId}/`);
      expect(described(detail.body)).toEqual(['Paulo Neto: Facture', 'João Baptista: Devis signé']);
    } finally {
      await ctx.db.deleteFrom('dispute_evidence').where('id', 'in', added).execute();
    }
  });

  it('searches title, description, client and provider names ignoring accents and case', async () => {
    const byDescription = await get<DisputePage>('/api/disputes/?search=ELECTRIQUE');
    expect(titles(byDescription.body)).toEqual(['Litige numéro 04']);
    const byClient = await get<DisputePage>('/api/disputes/?search=angela');
    expect(byClient.body.count).toBe(7);
    expect(byClient.body.results.every((dispute) => dispute.client_name === 'Ângela Tchissola')).toBe(true);
    expect(byClient.body.status_counts).toEqual({ open: 4, under_review: 1, resolved: 2, closed: 0 });
    const byProvider = await get<DisputePage>('/api/disputes/?search=Joâo%20baptista');
    expect(byProvider.body.count).toBe(13);
    const byTitle = await get<DisputePage>('/api/disputes/?search=carrelage');
    expect(titles(byTitle.body)).toEqual(['Carrelage mal posé']);
    const none = await get<DisputePage>('/api/disputes/?search=inexistant');
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });

  it('filters by status on the server, alone or with a search', async () => {
    const review = await get<DisputePage>('/api/disputes/?status=under_review');
    expect(titles(review.body)).toEqual(['Litige numéro 04', 'Litige numéro 03']);
    expect(review.body.count).toBe(2);
    expect(review.body.status_counts.open).toBe(8);
    const both = await get<DisputePage>('/api/disputes/?status=resolved&search=paulo');
    expect(titles(both.body)).toEqual(['Litige numéro 01']);
    const empty = await get<DisputePage>('/api/disputes/?status=&search=');
    expect(empty.body.count).toBe(13);
  });

  it('answers 400 in French for bad parameters and 404 for unknown disputes', async () => {
    const badStatus = await get<{ detail: string }>('/api/disputes/?status=pending');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain('Statut invalide');
    expect((await get('/api/disputes/?page=0')).status).toBe(400);
    expect((await get('/api/disputes/?page_size=500')).status).toBe(400);
    expect((await get('/api/disputes/abc/')).status).toBe(400);
    const missing = await get<{ detail: string }>('/api/disputes/999999/');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Litige introuvable.');
  });

  it('details a dispute with its project, the conversation of the parties and signed evidence links', async () => {
    const { status, body } = await get<DisputeDetail>(`/api/disputes/${withEvidenceId}/`);
    expect(status).toBe(200);
    expect(body.project).toEqual({ id: projectId, title: 'Rénovation cuisine' });
    expect(body.conversation_id).toBe(conversationId);
    expect(body.history).toEqual([]);
    const evidence = body.evidence[0];
    expect(evidence).toMatchObject({ user_id: clientId, description: 'Photo du carrelage' });
    const url = new URL(evidence?.file ?? '', 'http://localhost');
    expect(url.pathname).toBe(`/api/documents/${evidenceKey}`);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    const file = await ctx.app.inject({ method: 'GET', url: evidence?.file ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);

    const signature = url.searchParams.get('signature') ?? '';
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`;
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = documentUrlSigner(ctx.app).sign(evidenceKey, Math.floor(Date.now() / 1000) - 3600) ?? '';
    const expiredAnswer = await ctx.app.inject({ method: 'GET', url: expired });
    expect(expiredAnswer.statusCode).toBe(403);
    expect(expiredAnswer.json().detail).toBe('Lien de document expiré.');
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(400);
  });

  it('has no project or conversation when the dispute has none', async () => {
    const page = await get<DisputePage>('/api/disputes/?search=paulo&page_size=1');
    const id = page.body.results[0]?.id ?? 0;
    const { body } = await get<DisputeDetail>(`/api/disputes/${id}/`);
    expect(body.project).toBeNull();
    expect(body.conversation_id).toBeNull();
  });

  it('gives statistics that match counts made here', async () => {
    const { status, body } = await get<DisputeStats>('/api/disputes/stats/');
    expect(status).toBe(200);
    const rows = await ctx.db
      .selectFrom('disputes')
      .select(['status', 'created_at', 'resolved_at'])
      .execute();
    const byStatus = { open: 0, under_review: 0, resolved: 0, closed: 0 };
    for (const row of rows) byStatus[row.status] += 1;
    expect(body.by_status).toEqual(byStatus);
    expect(body.total).toBe(rows.length);
    expect(body.monthly).toHaveLength(12);
    const currentMonth = new Date().toISOString().slice(0, 7);
    expect(body.monthly[11]?.month).toBe(currentMonth);
    for (const { month, count } of body.monthly) {
      expect(count, month).toBe(rows.filter((row) => row.created_at.slice(0, 7) === month).length);
    }
    const hours = rows
      .filter((row) => row.resolved_at !== null)
      .map((row) => (Date.parse(row.resolved_at ?? '') - Date.parse(row.created_at)) / 3600_000)
      .sort((a, b) => a - b);
    expect(body.resolved_count).toBe(hours.length);
    // Resolved after 1, 2 and 3 hours: the median is 2.
    expect(hours).toEqual([1, 2, 3]);
    expect(body.median_resolution_hours).toBe(2);
    // Both kept lists (by status and month, resolved) in one statement, then the median's rows.
    const { db: recording, statements } = recordingStatements(ctx.db);
    expect(await getDisputeStats(recording)).toEqual(body);
    expect(statements).toHaveLength(2);
  });
});
