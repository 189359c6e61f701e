import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';

const ME = '/api/auth/me/';
const TAKEN = 'Cette adresse e-mail est déjà utilisée par un autre utilisateur.';

describe('GET and PATCH /api/auth/me/ (the signed-in admin’s profile)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A fresh admin and a token of theirs, so that tests do not change each other's profile. */
  async function anAdmin(values: { email: string; phone_number?: string | null }) {
    const id = await insertUser(ctx.db, {
      role: 'admin',
      username: values.email.split('@')[0],
      first_name: 'Ana',
      last_name: 'Silva',
      email: values.email,
      phone_number: values.phone_number ?? null,
    });
    const token = await ctx.app.tokens.sign(id);
    const call = (method: 'GET' | 'PATCH', body?: object) => ctx.request(method, ME, body, { token });
    return { id, call };
  }

  it('answers the session’s user, the phone number and the default preferences', async () => {
    const admin = await anAdmin({ email: 'profil@kwanza.test', phone_number: '+244 923 000 111' });
    const response = await admin.call('GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: admin.id,
      username: 'profil',
      email: 'profil@kwanza.test',
      first_name: 'Ana',
      last_name: 'Silva',
      role: 'admin',
      phone_number: '+244 923 000 111',
      preferences: {
        notifications: {
          email_notifications: true,
          push_notifications: false,
          new_messages: true,
          new_disputes: true,
          status_updates: true,
          marketing_emails: false,
        },
        application: { language: 'fr', timezone: 'Africa/Luanda', theme: 'light' },
      },
    });
    expect(JSON.stringify(response.json())).not.toContain('password');
  });

  it('updates the names, e-mail and phone (trimmed, e-mail in lower case) and answers the new profile', async () => {
    const admin = await anAdmin({ email: 'change.moi@kwanza.test' });
    const response = await admin.call('PATCH', {
      first_name: '  Beatriz ',
      last_name: 'Lopes',
      email: ' Beatriz.Lopes@Kwanza.test ',
      phone_number: '+244 912 345 678',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: admin.id,
      first_name: 'Beatriz',
      last_name: 'Lopes',
      email: 'beatriz.lopes@kwanza.test',
      phone_number: '+244 912 345 678',
      role: 'admin',
    });
    expect((await admin.call('GET')).json()).toMatchObject({ first_name: 'Beatriz', last_name: 'Lopes' });
    // The users list finds the admin under the new name (search texts kept up to date).
    const found = (await ctx.request('GET', '/api/users/?search=beatriz')).json();
    expect(found.results.map((user: { id: number }) => user.id)).toEqual([admin.id]);

    // Only the fields sent change; an empty phone clears it.
    const cleared = await admin.call('PATCH', { phone_number: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ first_name: 'Beatriz', phone_number: null });
  });

  it('refuses a malformed or taken e-mail and a bad phone with French errors on their fields, changing nothing', async () => {
    const admin = await anAdmin({ email: 'valide@kwanza.test' });
    await insertUser(ctx.db, { email: 'deja.pris@kwanza.test' });

    const malformed = await admin.call('PATCH', { first_name: 'Autre', email: 'pas-une-adresse' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ email: ['Saisissez une adresse e-mail valide'] });

    const taken = await admin.call('PATCH', { first_name: 'Autre', email: 'DEJA.PRIS@kwanza.test' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: TAKEN, code: 'invalid', errors: { email: [TAKEN] } });

    const phone = await admin.call('PATCH', { phone_number: 'appelez-moi' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual({
      phone_number: ['Le numéro de téléphone doit contenir de 6 à 20 chiffres, espaces ou +'],
    });

    const long = await admin.call('PATCH', { last_name: 'x'.repeat(151) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ last_name: ['Le nom ne peut pas dépasser 150 caractères'] });

    const unknown = await admin.call('PATCH', { role: 'client' });
    expect(unknown.statusCode).toBe(400);

    // Nothing of the refused requests was written.
    expect((await admin.call('GET')).json()).toMatchObject({
      first_name: 'Ana',
      email: 'valide@kwanza.test',
      phone_number: null,
      role: 'admin',
    });
  });

  it('keeps one’s own e-mail, whatever its case', async () => {
    const admin = await anAdmin({ email: 'meme.adresse@kwanza.test' });
    const response = await admin.call('PATCH', { email: 'MEME.adresse@kwanza.test', first_name: 'Même' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'meme.adresse@kwanza.test', first_name: 'Même' });
  });

  it('lets the admin log in with a new e-mail', async () => {
    const response = await ctx.request('PATCH', ME, { email: 'nouvelle.adresse@kwanza.test' });
    expect(response.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email: 'nouvelle.adresse@kwanza.test', password: TEST_ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe('nouvelle.adresse@kwanza.test');
  });

  it('needs a session', async () => {
    expect((await ctx.request('GET', ME, undefined, { token: null })).statusCode).toBe(401);
    expect((await ctx.request('PATCH', ME, { first_name: 'X' }, { token: null })).statusCode).toBe(401);
  });
});
