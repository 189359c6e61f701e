import { UserRole, UserVerificationStatus } from '@kwanza/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { UserListParams } from '../use-user-list-params';
import { ROLE_LABELS, VERIFICATION_LABELS } from './user-badges';

const ALL = 'all';

const ROLE_OPTIONS = [
  { value: ALL, label: 'Tous les rôles' },
  ...UserRole.options.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

const VERIFICATION_OPTIONS = [
  { value: ALL, label: 'Toutes les vérifications' },
  ...UserVerificationStatus.options.map((status) => ({ value: status, label: VERIFICATION_LABELS[status] })),
];

interface UserFiltersProps {
  params: UserListParams;
  onChange: (changes: Partial<UserListParams>) => void;
}

/**
 * Search text (applied by 'Rechercher', back to page 1), role and verification selects (applied at
 * once, back to page 1) and 'Réinitialiser' when any filter is set.
 */
export function UserFilters({ params, onChange }: UserFiltersProps) {
  const [draft, setDraft] = useState(params.search);
  useEffect(() => setDraft(params.search), [params.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: draft.trim(), page: 1 });
  };
  const anyFilter = Boolean(draft.trim() || params.search || params.role || params.verification);

  return (
    <form onSubmit={submit} aria-label="Filtrer les utilisateurs">
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <TextInput
          label="Recherche"
          placeholder="Nom, email, téléphone..."
          leftSection={<IconSearch size={16} />}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          label="Rôle"
          data={ROLE_OPTIONS}
          value={params.role || ALL}
          allowDeselect={false}
          onChange={(value) => {
            const role = UserRole.safeParse(value);
            onChange({ role: role.success ? role.data : '', page: 1 });
          }}
          w={190}
        />
        <Select
          label="Vérification"
          data={VERIFICATION_OPTIONS}
          value={params.verification || ALL}
          allowDeselect={false}
          onChange={(value) => {
            const status = UserVerificationStatus.safeParse(value);
            onChange({ verification: status.success ? status.data : '', page: 1 });
          }}
          w={220}
        />
        <Button type="submit">Rechercher</Button>
        {anyFilter ? (
          <Button
            variant="default"
            onClick={() => {
              setDraft('');
              onChange({ search: '', role: '', verification: '', page: 1 });
            }}
          >
            Réinitialiser
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
