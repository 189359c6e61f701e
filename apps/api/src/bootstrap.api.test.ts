import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from './bootstrap.js';
import { loadConfig } from './config.js';
import { verifyPassword } from './lib/passwords.js';
import { createTestDatabase } from './test/test-context.js';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('ensureFirstAdmin', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.dispose());

  const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: database.dataDir, ...env });
  const admins = () =>
    database.handle.db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'is_active', 'deleted_at', 'password_hash'])
      .where('role', '=', 'admin')
      .orderBy('id')
      .execute();

  it('creates admin@example.com with a generated password once, and nothing on the next start', async () => {
    const first = await ensureFirstAdmin(database.handle.db, configWith({}));
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [admin] = await admins();
    expect(admin?.email).toBe('admin@example.com');
    expect(await verifyPassword(admin?.password_hash ?? null, first.generatedPassword ?? '')).toBe(true);

    const second = await ensureFirstAdmin(database.handle.db, configWith({}));
    expect(second).toMatchObject({ created: false, generatedPassword: null, passwordReset: false });
    expect(await admins()).toHaveLength(1);
  });

  it('does not add an account when the admin changed their e-mail and no password is given', async () => {
    await ensureFirstAdmin(database.handle.db, configWith({ ADMIN_PASSWORD: 'Initial-Passw0rd' }));
    await database.handle.db.updateTable('users').set({ email: 'chef@kwanza.ao' }).execute();
    const result = await ensureFirstAdmin(database.handle.db, configWith({}));
    expect(result.created).toBe(false);
    expect((await admins()).map((admin) => admin.email)).toEqual(['chef@kwanza.ao']);
  });

  it('restores a demoted, deactivated account as an admin with the given password', async () => {
    await ensureFirstAdmin(database.handle.db, configWith({ ADMIN_PASSWORD: 'Initial-Passw0rd' }));
    await database.handle.db.updateTable('users').set({ role: 'client', is_active: false }).execute();

    const result = await ensureFirstAdmin(
      database.handle.db,
      configWith({ ADMIN_PASSWORD: 'Recovered-Passw0rd' }),
    );
    expect(result.passwordReset).toBe(true);
    const [admin] = await admins();
    expect(admin).toMatchObject({
      email: 'admin@example.com',
      role: 'admin',
      is_active: true,
      deleted_at: null,
    });
    expect(await verifyPassword(admin?.password_hash ?? null, 'Recovered-Passw0rd')).toBe(true);
  });

  it('creates the configured admin when ADMIN_PASSWORD is given, even if other admins exist', async () => {
    await ensureFirstAdmin(database.handle.db, configWith({ ADMIN_PASSWORD: 'Initial-Passw0rd' }));
    const result = await ensureFirstAdmin(
      database.handle.db,
      configWith({ ADMIN_EMAIL: 'second@kwanza.ao', ADMIN_PASSWORD: 'Second-Passw0rd' }),
    );
    expect(result.created).toBe(true);
    expect((await admins()).map((admin) => admin.email)).toEqual(['admin@example.com', 'second@kwanza.ao']);
  });
});
