import { UserRole, UserVerificationStatus } from '@kwanza/contract';
import { Button, Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { optionsOf, USER_ROLE_LABELS, VERIFICATION_STATUS_LABELS } from '../../../lib/labels';
import type { ListParamsHandle } from '../../../lib/list-params';
import type { USER_LIST_PARAMS } from '../user-list-params';

const ROLE_OPTIONS = optionsOf(USER_ROLE_LABELS, {
  all: 'Tous les rôles',
  only: ['client', 'provider', 'admin'],
});
const VERIFICATION_OPTIONS = optionsOf(VERIFICATION_STATUS_LABELS, {
  all: 'Toutes les vérifications',
  only: ['verified', 'pending', 'rejected', 'not_started'],
});

/**
 * Search text (applied by 'Rechercher' or Enter, back to page 1), role and verification selects
 * (applied at once with the text in the box, back to page 1) and 'Réinitialiser' when any filter is set.
 */
export function UserFilters({ list }: { list: ListParamsHandle<typeof USER_LIST_PARAMS.schema.shape> }) {
  const { params, update, stage } = list;
  const anyFilter = Boolean(params.search || params.role || params.verification_status);
  return (
    <form
      aria-label="Filtrer les utilisateurs"
      onSubmit={(event) => {
        event.preventDefault();
        update({ page: 1 });
      }}
    >
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SearchInput
          label="Recherche"
          placeholder="Nom, email, téléphone..."
          value={params.search ?? ''}
          onSearch={(search) => update({ search })}
          onDraftChange={(search) => stage({ search })}
          debounceMs={null}
          syncKey={list.urlKey}
        />
        <Select
          label="Rôle"
          data={ROLE_OPTIONS}
          value={params.role ?? ''}
          allowDeselect={false}
          onChange={(value) => update({ role: UserRole.safeParse(value).data })}
          w={190}
        />
        <Select
          label="Vérification"
          data={VERIFICATION_OPTIONS}
          value={params.verification_status ?? ''}
          allowDeselect={false}
          onChange={(value) => update({ verification_status: UserVerificationStatus.safeParse(value).data })}
          w={220}
        />
        <Button type="submit">Rechercher</Button>
        {anyFilter ? (
          <Button
            variant="default"
            onClick={() => update({ search: undefined, role: undefined, verification_status: undefined })}
          >
            Réinitialiser
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
