import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';

const URL = '/api/auth/me/password/';
const OLD = 'Ancien-Passw0rd!';
const NEW = 'Nouveau-Passw0rd-2026';

describe('POST /api/auth/me/password/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => ctx.close());

  async function adminWithPassword(email: string): Promise<number> {
    return insertUser(ctx.db, { role: 'admin', email, password: OLD });
  }
  const login = (email: string, password: string, remoteAddress = '10.30.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email, password },
      remoteAddress,
    });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });

  it('changes the password, keeps the current session and ends every other one', async () => {
    await adminWithPassword('change@kwanza.test');
    const current = (await login('change@kwanza.test', OLD)).json().access as string;
    const elsewhere = (await login('change@kwanza.test', OLD)).json().access as string;

    const response = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${current}` },
      payload: { current_password: OLD, new_password: NEW, confirm_password: NEW },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Mot de passe mis à jour avec succès' });

    expect((await me(current)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login('change@kwanza.test', OLD, '10.30.0.2')).statusCode).toBe(401);
    expect((await login('change@kwanza.test', NEW, '10.30.0.3')).statusCode).toBe(200);
  });

  it('refuses every token issued before the change to other sessions; a refused change ends no session', async () => {
    await adminWithPassword('tokens@kwanza.test');
    const current = (await login('tokens@kwanza.test', OLD, '10.32.0.1')).json().access as string;
    const others = [
      (await login('tokens@kwanza.test', OLD, '10.32.0.2')).json().access as string,
      (await login('tokens@kwanza.test', OLD, '10.32.0.3')).json().access as string,
    ];
    const change = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${current}` }, payload });

    const refused = await change({ current_password: OLD, new_password: 'court', confirm_password: 'court' });
    expect(refused.statusCode).toBe(400);
    for (const token of others) expect((await me(token)).statusCode).toBe(200);

    expect(
      (await change({ current_password: OLD, new_password: NEW, confirm_password: NEW })).statusCode,
    ).toBe(200);
    for (const token of others) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Votre session a expiré ou a été fermée. Reconnectez-vous.');
    }
    // The session that changed the password goes on, and a new login gets a working token.
    expect((await me(current)).statusCode).toBe(200);
    const fresh = (await login('tokens@kwanza.test', NEW, '10.32.0.4')).json().access as string;
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a French 400 on its field, counted by the login throttle', async () => {
    await adminWithPassword('wrong@kwanza.test');
    const token = (await login('wrong@kwanza.test', OLD)).json().access as string;
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: 'pas-le-bon', new_password: NEW, confirm_password: NEW },
        remoteAddress: '10.31.0.1',
      });
    for (let index = 0; index < 3; index += 1) {
      const response = await attempt();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Le mot de passe actuel est incorrect.',
        code: 'invalid',
        errors: { current_password: ['Le mot de passe actuel est incorrect.'] },
      });
    }
    expect((await attempt()).statusCode).toBe(429);
    // Nothing changed.
    expect((await login('wrong@kwanza.test', OLD, '10.31.9.9')).statusCode).toBe(200);
  });

  it('checks the new password: length, difference from the current one, confirmation', async () => {
    const token = await ctx.app.tokens.sign(await adminWithPassword('rules@kwanza.test'));
    const change = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${token}` }, payload });
    const short = await change({ current_password: OLD, new_password: 'court', confirm_password: 'court' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.new_password).toEqual([
      'Le nouveau mot de passe doit contenir au moins 12 caractères',
    ]);
    const same = await change({ current_password: OLD, new_password: OLD, confirm_password: OLD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.new_password).toEqual([
      'Le nouveau mot de passe doit être différent du mot de passe actuel',
    ]);
    const mismatch = await change({ current_password: OLD, new_password: NEW, confirm_password: `${NEW}x` });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirm_password).toEqual([
      'La confirmation ne correspond pas au nouveau mot de passe',
    ]);
    const missing = await change({ new_password: NEW, confirm_password: NEW });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.current_password).toBeDefined();
  });
});
