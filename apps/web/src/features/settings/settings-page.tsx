import type { AdminProfile } from '@kwanza/contract';
import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBell, IconLock, IconSettings, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { useProfile } from './api/get-profile';
import { ApplicationPreferencesForm } from './components/application-preferences-form';
import { NotificationPreferencesForm } from './components/notification-preferences-form';
import { PasswordForm } from './components/password-form';
import { ProfileForm } from './components/profile-form';
import { isSettingsTab, useSettingsParams } from './settings-params';

/** The console's version, shown on the Application tab. */
export const CONSOLE_VERSION = '1.0.0';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function SettingsTabs({ profile }: { profile: AdminProfile }) {
  const { params, update } = useSettingsParams();
  return (
    // Every panel stays mounted: what was typed in one tab is still there after visiting another.
    <Tabs value={params.tab} onChange={(tab) => isSettingsTab(tab) && update({ tab })} keepMounted>
      <Tabs.List mb="lg">
        <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
          Profil
        </Tabs.Tab>
        <Tabs.Tab value="security" leftSection={<IconLock size={16} aria-hidden />}>
          Sécurité
        </Tabs.Tab>
        <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden />}>
          Notifications
        </Tabs.Tab>
        <Tabs.Tab value="application" leftSection={<IconSettings size={16} aria-hidden />}>
          Application
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <Section title="Informations du profil">
          <ProfileForm profile={profile} />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="security">
        <Section title="Changer le mot de passe">
          <PasswordForm />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="notifications">
        <Section title="Préférences de notification">
          <NotificationPreferencesForm saved={profile.preferences} />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="application">
        <Section title="Préférences de l'application">
          <ApplicationPreferencesForm saved={profile.preferences} />
          <Text size="sm" c="dimmed">
            Version {CONSOLE_VERSION}
          </Text>
        </Section>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /settings: the signed-in admin's profile, password, notification and application preferences. */
export default function SettingsPage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Paramètres" />
      {profile.data ? (
        <SettingsTabs profile={profile.data} />
      ) : profile.isError ? (
        <ErrorAlert
          message="Impossible de charger vos paramètres. Veuillez réessayer."
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <LoadingState />
      )}
    </>
  );
}
