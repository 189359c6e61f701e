import { UserListQuery } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProvider } from '../providers/providers.factories.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../verifications/verifications.factories.js';
import { listUsers } from './users.repository.js';

interface ListedUser {
  id: number;
  username: string;
  role: string;
  provider_verification: { id: number | null; status: string; exists: boolean };
}

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12)).toISOString();

describe('GET /api/users/', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};
  let latestVerificationOfPaul = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    // The test admin joined "now": it is the newest user. Others joined on known days.
    ids.elodie = await insertUser(ctx.db, {
      username: 'elodie.m',
      first_name: 'Élodie',
      last_name: 'Mbala',
      email: 'elodie@kwanza.test',
      phone_number: '+244 923 111 222',
      role: 'client',
      is_phone_verified: true,
      date_joined: day(1),
    });
    ids.joao = await insertUser(ctx.db, {
      username: 'joao.c',
      first_name: 'João',
      last_name: 'Cardoso',
      role: 'client',
      date_joined: day(2),
    });
    ids.ana = await insertUser(ctx.db, {
      username: 'ana.r',
      first_name: 'Ana',
      last_name: 'Rocha',
      role: 'client',
      is_phone_verified: true,
      date_joined: day(3),
    });
    const paul = await insertProvider(ctx.db, {
      username: 'paul.k',
      first_name: 'Paul',
      last_name: 'Kiala',
      date_joined: day(4),
    });
    ids.paul = paul.userId;
    const rita = await insertProvider(ctx.db, {
      username: 'rita.s',
      first_name: 'Rita',
      last_name: 'Silva',
      date_joined: day(5),
    });
    ids.rita = rita.userId;
    const nuno = await insertProvider(ctx.db, {
      username: 'nuno.d',
      first_name: 'Nuno',
      last_name: 'Dias',
      date_joined: day(6),
    });
    ids.nuno = nuno.userId;
    const zola = await insertProvider(ctx.db, {
      username: 'zola.b',
      first_name: 'Zola',
      last_name: 'Bento',
      is_phone_verified: true,
      date_joined: day(7),
    });
    ids.zola = zola.userId;
    ids.admin2 = await insertUser(ctx.db, { username: 'second.admin', role: 'admin', date_joined: day(8) });
    // Same date as admin2: the id breaks the tie.
    ids.tie = await insertUser(ctx.db, { username: 'tie.user', role: 'client', date_joined: day(8) });
    ids.deleted = await insertUser(ctx.db, {
      username: 'gone.user',
      first_name: 'Élodie',
      role: 'client',
      date_joined: day(9),
      deleted_at: day(10),
      is_active: false,
    });

    // Paul: rejected then pending (latest = pending). Rita: verified. Nuno: rejected. Zola: none.
    await insertProviderVerification(ctx.db, {
      user_id: ids.paul,
      verification_status: 'rejected',
      submitted_at: day(10),
    });
    latestVerificationOfPaul = await insertProviderVerification(ctx.db, {
      user_id: ids.paul,
      verification_status: 'pending',
      submitted_at: day(11),
    });
    await insertProviderVerification(ctx.db, {
      user_id: ids.rita,
      verification_status: 'verified',
      submitted_at: day(10),
    });
    await insertProviderVerification(ctx.db, {
      user_id: ids.nuno,
      verification_status: 'rejected',
      submitted_at: day(10),
    });
    // Élodie: pending then verified (latest = verified). Ana: rejected. João: none.
    await insertClientVerification(ctx.db, {
      user_id: ids.elodie,
      verification_status: 'pending',
      submitted_at: day(10),
      document_type: 'passport',
    });
    await insertClientVerification(ctx.db, {
      user_id: ids.elodie,
      verification_status: 'verified',
      submitted_at: day(12),
      document_type: 'passport',
    });
    await insertClientVerification(ctx.db, {
      user_id: ids.ana,
      verification_status: 'rejected',
      submitted_at: day(10),
      document_type: 'passport',
    });
  });
  afterAll(() => ctx.close());

  const list = (query = '') => ctx.request('GET', `/api/users/${query}`);
  const usernames = (body: { results: ListedUser[] }) => body.results.map((user) => user.username);

  it('lists live users newest first with a stable order, the page shape and the fields of a user', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(10);
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
    expect(usernames(body)).toEqual([
      'admin',
      'tie.user',
      'second.admin',
      'zola.b',
      'nuno.d',
      'rita.s',
      'paul.k',
      'ana.r',
      'joao.c',
      'elodie.m',
    ]);
    const elodie = body.results.find((user: ListedUser) => user.username === 'elodie.m');
    expect(elodie).toEqual({
      id: ids.elodie,
      username: 'elodie.m',
      first_name: 'Élodie',
      last_name: 'Mbala',
      email: 'elodie@kwanza.test',
      phone_number: '+244 923 111 222',
      role: 'client',
      profile_picture: null,
      date_joined: day(1),
      is_active: true,
      is_verified: false,
      is_phone_verified: true,
      provider_verification: { id: null, status: 'not_started', exists: false },
    });
    const paul = body.results.find((user: ListedUser) => user.username === 'paul.k');
    expect(paul.provider_verification).toEqual({
      id: latestVerificationOfPaul,
      status: 'pending',
      exists: true,
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('computes the counters over the whole filtered set, not the page', async () => {
    const body = (await list('?page_size=2')).json();
    expect(body.results).toHaveLength(2);
    expect(body.count).toBe(10);
    // pending: Paul; verified: Rita, Élodie; rejected: Nuno, Ana; phone: Élodie, Ana, Zola.
    expect(body.stats).toEqual({ pending: 1, verified: 2, rejected: 2, phone_verified: 3 });
    const providers = (await list('?role=provider&page_size=1')).json();
    expect(providers.stats).toEqual({ pending: 1, verified: 1, rejected: 1, phone_verified: 1 });
  });

  it('searches username, names, e-mail and phone without regard to case or accents', async () => {
    expect(usernames((await list('?search=elodie')).json())).toEqual(['elodie.m']);
    expect(usernames((await list('?search=%C3%89LODIE')).json())).toEqual(['elodie.m']);
    expect(usernames((await list('?search=joao')).json())).toEqual(['joao.c']);
    expect(usernames((await list(`?search=${encodeURIComponent('JOÃO card')}`)).json())).toEqual(['joao.c']);
    expect(usernames((await list('?search=923%20111')).json())).toEqual(['elodie.m']);
    expect(usernames((await list('?search=rita.s@example')).json())).toEqual(['rita.s']);
    expect(usernames((await list('?search=%25')).json())).toEqual([]);
    const nothing = (await list('?search=zzzz')).json();
    expect(nothing).toMatchObject({
      count: 0,
      results: [],
      stats: { pending: 0, verified: 0, rejected: 0, phone_verified: 0 },
    });
  });

  it('filters by role', async () => {
    expect(usernames((await list('?role=provider')).json())).toEqual([
      'zola.b',
      'nuno.d',
      'rita.s',
      'paul.k',
    ]);
    expect(usernames((await list('?role=admin')).json())).toEqual(['admin', 'second.admin']);
    expect((await list('?role=client')).json().count).toBe(4);
  });

  it('filters by verification status: latest provider verification, latest client verification, not_started', async () => {
    expect(usernames((await list('?verification_status=pending')).json())).toEqual(['paul.k']);
    expect(usernames((await list('?verification_status=verified')).json())).toEqual(['rita.s', 'elodie.m']);
    expect(usernames((await list('?verification_status=rejected')).json())).toEqual(['nuno.d', 'ana.r']);
    expect(usernames((await list('?verification_status=not_started')).json())).toEqual([
      'tie.user',
      'zola.b',
      'joao.c',
    ]);
    expect(usernames((await list('?verification_status=not_started&role=provider')).json())).toEqual([
      'zola.b',
    ]);
    expect(usernames((await list('?verification_status=verified&role=client&search=mbala')).json())).toEqual([
      'elodie.m',
    ]);
  });

  it('pages forward to the last page and answers a page past the end with empty results and the real count', async () => {
    const first = (await list('?page_size=4')).json();
    expect(usernames(first)).toEqual(['admin', 'tie.user', 'second.admin', 'zola.b']);
    expect(first.next).toMatch(/\/api\/users\/\?page_size=4&page=2$/);
    const last = (await list('?page_size=4&page=3')).json();
    expect(usernames(last)).toEqual(['joao.c', 'elodie.m']);
    expect(last.next).toBeNull();
    expect(last.previous).toMatch(/page=2/);
    const past = (await list('?page_size=4&page=9')).json();
    expect(past).toMatchObject({ count: 10, results: [], next: null });
    expect(past.previous).toMatch(/page=3/);
    expect(past.stats.verified).toBe(2);
  });

  it('refuses bad parameters with a French 400', async () => {
    for (const query of [
      '?page_size=0',
      '?page_size=1000',
      '?page=0',
      '?page=abc',
      '?role=superuser',
      '?verification_status=done',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toMatch(/^Requête invalide/);
    }
    expect((await list('?page_size=1000')).json().detail).toMatch(/entre 1 et 100/);
  });

  it('requires an admin token', async () => {
    const response = await ctx.request('GET', '/api/users/', undefined, { token: null });
    expect(response.statusCode).toBe(401);
  });

  it('serves the notification dialog search with id, names and e-mail', async () => {
    const body = (await list('?search=rocha')).json();
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({
      id: ids.ana,
      first_name: 'Ana',
      last_name: 'Rocha',
      email: 'ana.r@example.test',
    });
  });

  it('reads a page without a search with its count and figures in two statements', async () => {
    const { db, statements } = recordingStatements(ctx.db);
    const listed = await listUsers(db, UserListQuery.parse({ role: 'client', page_size: '2' }));
    // PostgreSQL: the counters with the page's ids, then the rows; SQLite: the counters and the page.
    expect(statements).toHaveLength(2);
    const clients = await ctx.db
      .selectFrom('users')
      .select(['is_phone_verified', 'verification_status'])
      .where('role', '=', 'client')
      .where('deleted_at', 'is', null)
      .execute();
    expect(listed.count).toBe(clients.length);
    expect(listed.results).toHaveLength(2);
    expect(listed.stats).toEqual({
      pending: clients.filter((user) => user.verification_status === 'pending').length,
      verified: clients.filter((user) => user.verification_status === 'verified').length,
      rejected: clients.filter((user) => user.verification_status === 'rejected').length,
      phone_verified: clients.filter((user) => Boolean(user.is_phone_verified)).length,
    });
  });
});
