import type { AdminPreferences } from '@kwanza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDispute, aDisputePage, anAdminProfile, somePreferences } from '../../test/builders';
import { type FakeApi, fakeApi, jsonResponse, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const ME = '/api/auth/me/';
const PREFERENCES = '/api/auth/me/preferences/';

/** A fake API whose profile and preferences are those saved (PATCH and PUT change them). */
function accountApi(initial = anAdminProfile()): FakeApi {
  let profile = initial;
  return fakeApi()
    .get(ME, () => profile)
    .patch(ME, ({ body }) => {
      profile = { ...profile, ...(body as object) };
      return profile;
    })
    .put(PREFERENCES, ({ body }) => {
      profile = { ...profile, preferences: body as AdminPreferences };
      return profile.preferences;
    })
    .post('/api/auth/me/password/', () => ({ detail: 'Mot de passe mis à jour avec succès' }));
}

/** The input or select of a label (a required field's label ends with ' *'). */
function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`), {
    selector: 'input, select',
  }) as HTMLInputElement;
}

async function openSettings(path = '/settings') {
  storeSession();
  const view = renderApp(path);
  await screen.findByRole('tab', { name: 'Profil' });
  return view;
}

describe('settings page', () => {
  it('shows the four tabs and the profile loaded from the server', async () => {
    accountApi(anAdminProfile({ phone_number: '+244 923 000 111' }));
    await openSettings();
    for (const name of ['Profil', 'Sécurité', 'Notifications', 'Application']) {
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    }
    expect(field('Prénom').value).toBe('Ana');
    expect(field('Nom').value).toBe('Silva');
    expect(field('Email').value).toBe('admin@kwanza.test');
    expect(field('Téléphone').value).toBe('+244 923 000 111');
  });

  it('saves the profile, says so and shows the new name in the header at once', async () => {
    const api = accountApi();
    await openSettings();
    fireEvent.change(field('Prénom'), { target: { value: '  Beatriz ' } });
    fireEvent.change(field('Nom'), { target: { value: 'Lopes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeTruthy();
    expect(api.callsTo(ME, 'PATCH').map((call) => call.body)).toEqual([
      { first_name: 'Beatriz', last_name: 'Lopes', email: 'admin@kwanza.test', phone_number: '' },
    ]);
    const userBlock = within(screen.getByTestId('user-block'));
    await waitFor(() => expect(userBlock.getByText('Beatriz Lopes')).toBeTruthy());
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ first_name: 'Beatriz' });
  });

  it('shows the server’s field error on its field and keeps what was typed', async () => {
    const api = accountApi();
    const taken = 'Cette adresse e-mail est déjà utilisée par un autre utilisateur.';
    api.patch(ME, () => reply(400, { detail: taken, code: 'invalid', errors: { email: [taken] } }));
    await openSettings();
    fireEvent.change(field('Prénom'), { target: { value: 'Beatriz' } });
    fireEvent.change(field('Email'), { target: { value: 'pris@kwanza.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    // The refused field takes the focus (its message is tied to it).
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(field('Email').getAttribute('aria-describedby')).toContain(screen.getByText(taken).id);
    expect(field('Email').value).toBe('pris@kwanza.test');
    expect(field('Prénom').value).toBe('Beatriz');
    expect(screen.queryByText('Profil mis à jour avec succès')).toBeNull();
    expect(within(screen.getByTestId('user-block')).getByText('Ana Silva')).toBeTruthy();
  });

  it('checks the e-mail before sending, with the users edit’s French message', async () => {
    const api = accountApi();
    await openSettings();
    fireEvent.change(field('Email'), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saisissez une adresse e-mail valide')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(field('Email').required).toBe(true);
    expect(api.callsTo(ME, 'PATCH')).toHaveLength(0);
  });

  it('shows a failure without field errors above the form, and the typed values stay', async () => {
    const api = accountApi();
    api.patch(ME, () => reply(503, { detail: 'Service momentanément indisponible.' }));
    await openSettings();
    fireEvent.change(field('Nom'), { target: { value: 'Lopes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Service momentanément indisponible.');
    expect(field('Nom').value).toBe('Lopes');
  });

  it('changes the password, says so and empties the fields', async () => {
    const api = accountApi();
    await openSettings('/settings?tab=security');
    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'Ancien-Passw0rd!' } });
    fireEvent.change(field('Nouveau mot de passe'), { target: { value: 'Nouveau-Passw0rd-2026' } });
    fireEvent.change(field('Confirmer le nouveau mot de passe'), {
      target: { value: 'Nouveau-Passw0rd-2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(await screen.findByText('Mot de passe mis à jour avec succès')).toBeTruthy();
    expect(api.callsTo('/api/auth/me/password/', 'POST').map((call) => call.body)).toEqual([
      {
        current_password: 'Ancien-Passw0rd!',
        new_password: 'Nouveau-Passw0rd-2026',
        confirm_password: 'Nouveau-Passw0rd-2026',
      },
    ]);
    await waitFor(() => expect(field('Mot de passe actuel').value).toBe(''));
    expect(field('Nouveau mot de passe').value).toBe('');
  });

  it('puts a wrong current password on its field and keeps the new one typed', async () => {
    const api = accountApi();
    const wrong = 'Le mot de passe actuel est incorrect.';
    api.post('/api/auth/me/password/', () =>
      reply(400, { detail: wrong, code: 'invalid', errors: { current_password: [wrong] } }),
    );
    await openSettings('/settings?tab=security');
    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'pas-le-bon' } });
    fireEvent.change(field('Nouveau mot de passe'), { target: { value: 'Nouveau-Passw0rd-2026' } });
    fireEvent.change(field('Confirmer le nouveau mot de passe'), {
      target: { value: 'Nouveau-Passw0rd-2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(await screen.findByText(wrong)).toBeTruthy();
    expect(field('Mot de passe actuel').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nouveau mot de passe').value).toBe('Nouveau-Passw0rd-2026');
  });

  it('refuses a short or unconfirmed new password before sending', async () => {
    const api = accountApi();
    await openSettings('/settings?tab=security');
    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'Ancien-Passw0rd!' } });
    fireEvent.change(field('Nouveau mot de passe'), { target: { value: 'court' } });
    fireEvent.change(field('Confirmer le nouveau mot de passe'), { target: { value: 'autre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(
      await screen.findByText('Le nouveau mot de passe doit contenir au moins 12 caractères'),
    ).toBeTruthy();
    expect(screen.getByText('La confirmation ne correspond pas au nouveau mot de passe')).toBeTruthy();
    // The first of the two invalid fields takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(field('Nouveau mot de passe')));
    expect(api.callsTo('/api/auth/me/password/', 'POST')).toHaveLength(0);
  });

  it('loads the notification preferences and saves them with the saved application preferences', async () => {
    const api = accountApi(
      anAdminProfile({ preferences: somePreferences({ application: { timezone: 'Europe/Paris' } }) }),
    );
    await openSettings('/settings?tab=notifications');
    const push = screen.getByRole('switch', { name: 'Notifications push' }) as HTMLInputElement;
    const disputes = screen.getByRole('switch', { name: 'Nouveaux litiges' }) as HTMLInputElement;
    expect(push.checked).toBe(false);
    expect(disputes.checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Emails marketing' }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(push);
    fireEvent.click(disputes);
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres de notification mis à jour avec succès')).toBeTruthy();
    expect(api.callsTo(PREFERENCES, 'PUT').map((call) => call.body)).toEqual([
      somePreferences({
        notifications: { push_notifications: true, new_disputes: false },
        application: { timezone: 'Europe/Paris' },
      }),
    ]);
  });

  it('says the interface stays French, shows the version, and applies the time zone and theme once saved', async () => {
    const api = accountApi();
    await openSettings('/settings?tab=application');
    const panel = within(screen.getByRole('tabpanel', { name: 'Application' }));
    expect(
      panel.getByText(
        "L'interface reste en français pour le moment : la langue choisie s'applique au format des dates et des nombres.",
      ),
    ).toBeTruthy();
    expect(panel.getByText('Version 1.0.0')).toBeTruthy();
    expect((field('Fuseau horaire') as unknown as HTMLSelectElement).value).toBe('Africa/Luanda');
    expect((panel.getByRole('radio', { name: 'Clair' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(field('Fuseau horaire'), { target: { value: 'America/New_York' } });
    fireEvent.change(field('Langue'), { target: { value: 'en' } });
    fireEvent.click(panel.getByRole('radio', { name: 'Sombre' }));
    // Nothing applies before the save.
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    fireEvent.click(panel.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Paramètres de l'application mis à jour avec succès")).toBeTruthy();
    expect(api.callsTo(PREFERENCES, 'PUT').map((call) => call.body)).toEqual([
      somePreferences({ application: { language: 'en', timezone: 'America/New_York', theme: 'dark' } }),
    ]);
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
    expect(localStorage.getItem('color_scheme')).toBe('dark');
    expect(JSON.parse(localStorage.getItem('display_preferences') ?? '{}')).toEqual({
      language: 'en',
      timeZone: 'America/New_York',
    });
  });

  it('previews dates and amounts in the chosen zone and language before saving', async () => {
    accountApi();
    await openSettings('/settings?tab=application');
    const preview = screen.getByTestId('format-preview');
    expect(preview.textContent).toMatch(
      /^Aperçu : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · 1\u202f234\u202f567,50\u00a0AOA$/,
    );
    fireEvent.change(field('Langue'), { target: { value: 'en' } });
    expect(preview.textContent).toMatch(
      /^Aperçu : \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · AOA\u00a01,234,567\.50$/,
    );
  });

  it('keeps what was typed in one tab while another is saved', async () => {
    accountApi();
    await openSettings();
    fireEvent.change(field('Prénom'), { target: { value: 'Pas encore enregistré' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Paramètres de notification mis à jour avec succès');
    fireEvent.click(screen.getByRole('tab', { name: 'Profil' }));
    expect(field('Prénom').value).toBe('Pas encore enregistré');
  });

  it('shows a load error with a retry', async () => {
    fakeApi().get(ME, () => reply(500, { detail: 'Erreur interne' }));
    storeSession();
    renderApp('/settings');
    expect(await screen.findByText('Impossible de charger vos paramètres. Veuillez réessayer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('the saved preferences across the console', () => {
  it('applies the saved theme and time zone as soon as the profile arrives', async () => {
    accountApi(
      anAdminProfile({
        preferences: somePreferences({ application: { theme: 'dark', timezone: 'America/New_York' } }),
      }),
    );
    await openSettings();
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
    expect(JSON.parse(localStorage.getItem('display_preferences') ?? '{}')).toMatchObject({
      timeZone: 'America/New_York',
    });
  });

  it('takes the name of the profile into the header (changed in another session)', async () => {
    accountApi(anAdminProfile({ first_name: 'Carla', last_name: 'Dias' }));
    await openSettings();
    await waitFor(() =>
      expect(within(screen.getByTestId('user-block')).getByText('Carla Dias')).toBeTruthy(),
    );
  });

  it('draws a screen already shown again in the saved time zone once the profile arrives', async () => {
    let answerProfile: (response: Response) => void = () => undefined;
    const profile = new Promise<Response>((resolve) => {
      answerProfile = resolve;
    });
    // 02:00 UTC on 1 January: 03:00 that day in Luanda, 21:00 on 31 December in New York.
    const late = aDispute({ id: 1, title: 'Litige de la nuit', created_at: '2026-01-01T02:00:00.000Z' });
    fakeApi()
      .get(ME, () => profile)
      .get('/api/disputes/', () => ({
        ...aDisputePage([late], 1),
        status_counts: { open: 1, under_review: 0, resolved: 0, closed: 0 },
      }));
    storeSession();
    renderApp('/disputes');
    const row = (await screen.findByText('Litige de la nuit')).closest('tr') as HTMLElement;
    expect(within(row).getByText('01/01/2026')).toBeTruthy();

    answerProfile(
      jsonResponse(
        200,
        anAdminProfile({ preferences: somePreferences({ application: { timezone: 'America/New_York' } }) }),
      ),
    );
    await waitFor(() => expect(within(row).getByText('31/12/2025')).toBeTruthy());
  });
});
