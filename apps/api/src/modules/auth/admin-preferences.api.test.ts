import { type AdminPreferences, DEFAULT_ADMIN_PREFERENCES } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { auditEntriesAfter, lastAuditId } from '../audit/audit.test-support.js';
import { readAdminPreferences } from './admin-preferences.repository.js';

const URL = '/api/auth/me/preferences/';

const CHOSEN: AdminPreferences = {
  notifications: {
    email_notifications: false,
    push_notifications: true,
    new_messages: false,
    new_disputes: false,
    status_updates: true,
    marketing_emails: true,
  },
  application: { language: 'pt', timezone: 'America/New_York', theme: 'dark' },
};

describe('GET and PUT /api/auth/me/preferences/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function anAdmin() {
    const id = await insertUser(ctx.db, { role: 'admin' });
    const token = await ctx.app.tokens.sign(id);
    return {
      id,
      get: () => ctx.request('GET', URL, undefined, { token }),
      put: (body: object) => ctx.request('PUT', URL, body, { token }),
    };
  }

  it('gives the defaults to an admin who never saved any: the spec’s notifications, French, Luanda, light', async () => {
    const admin = await anAdmin();
    const response = await admin.get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_ADMIN_PREFERENCES);
    expect(response.json()).toEqual({
      notifications: {
        email_notifications: true,
        push_notifications: false,
        new_messages: true,
        new_disputes: true,
        status_updates: true,
        marketing_emails: false,
      },
      application: { language: 'fr', timezone: 'Africa/Luanda', theme: 'light' },
    });
  });

  it('stores the preferences per admin and gives them back, in GET /api/auth/me/ too', async () => {
    const admin = await anAdmin();
    const other = await anAdmin();
    const saved = await admin.put(CHOSEN);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(CHOSEN);
    expect((await admin.get()).json()).toEqual(CHOSEN);
    expect(
      (
        await ctx.request('GET', '/api/auth/me/', undefined, { token: await ctx.app.tokens.sign(admin.id) })
      ).json().preferences,
    ).toEqual(CHOSEN);
    // Another admin keeps the defaults.
    expect((await other.get()).json()).toEqual(DEFAULT_ADMIN_PREFERENCES);

    // A second save replaces the first (every time zone, language and theme of the spec is accepted).
    for (const [language, timezone, theme] of [
      ['fr', 'Africa/Casablanca', 'system'],
      ['en', 'Europe/Paris', 'light'],
      ['es', 'Africa/Luanda', 'dark'],
    ] as const) {
      const next = { ...CHOSEN, application: { language, timezone, theme } };
      const response = await admin.put(next);
      expect(response.statusCode).toBe(200);
      expect((await admin.get()).json()).toEqual(next);
    }
  });

  it('is what readAdminPreferences gives the other modules (the header bell’s feed)', async () => {
    const admin = await anAdmin();
    expect(await readAdminPreferences(ctx.db, admin.id)).toEqual(DEFAULT_ADMIN_PREFERENCES);
    await admin.put(CHOSEN);
    const read = await readAdminPreferences(ctx.db, admin.id);
    expect(read).toEqual(CHOSEN);
    expect(read.notifications.new_disputes).toBe(false);
  });

  it('refuses unknown values, missing or extra fields with French errors on their fields, changing nothing', async () => {
    const admin = await anAdmin();
    await admin.put(CHOSEN);
    const attempts: [object, string][] = [
      [
        { ...CHOSEN, application: { ...CHOSEN.application, timezone: 'Europe/London' } },
        'application.timezone',
      ],
      [{ ...CHOSEN, application: { ...CHOSEN.application, language: 'de' } }, 'application.language'],
      [{ ...CHOSEN, application: { ...CHOSEN.application, theme: 'sepia' } }, 'application.theme'],
      [
        { ...CHOSEN, notifications: { ...CHOSEN.notifications, new_disputes: 'non' } },
        'notifications.new_disputes',
      ],
      [{ notifications: CHOSEN.notifications }, 'application'],
      [{ ...CHOSEN, notifications: { ...CHOSEN.notifications, sms: true } }, 'notifications'],
    ];
    for (const [body, field] of attempts) {
      const response = await admin.put(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code).toBe('invalid');
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
    }
    const timezone = await admin.put({
      ...CHOSEN,
      application: { ...CHOSEN.application, timezone: 'Europe/London' },
    });
    expect(timezone.json().errors['application.timezone']).toEqual([
      'Choisissez un fuseau horaire parmi Luanda, Casablanca, Paris et New York',
    ]);
    expect((await admin.get()).json()).toEqual(CHOSEN);
  });

  it('needs a session', async () => {
    expect((await ctx.request('GET', URL, undefined, { token: null })).statusCode).toBe(401);
    expect((await ctx.request('PUT', URL, CHOSEN, { token: null })).statusCode).toBe(401);
  });

  it('records a save in the audit journal with the preferences that changed, and a profile edit too', async () => {
    const admin = await anAdmin();
    let mark = await lastAuditId(ctx.db);
    await admin.put({
      ...DEFAULT_ADMIN_PREFERENCES,
      application: { ...DEFAULT_ADMIN_PREFERENCES.application, theme: 'dark' },
    });
    const [saved, ...others] = await auditEntriesAfter(ctx.db, mark);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({
      action: 'auth.preferences_update',
      admin: { id: admin.id },
      object: { type: 'user', id: admin.id },
      changes: [{ field: 'application.theme', before: 'light', after: 'dark' }],
    });

    mark = await lastAuditId(ctx.db);
    const token = await ctx.app.tokens.sign(admin.id);
    await ctx.request('PATCH', '/api/auth/me/', { first_name: 'Nouveau' }, { token });
    const [profile] = await auditEntriesAfter(ctx.db, mark);
    expect(profile).toMatchObject({
      action: 'auth.profile_update',
      object: { type: 'user', id: admin.id },
      changes: [{ field: 'first_name', before: 'Test', after: 'Nouveau' }],
    });
  });
});
