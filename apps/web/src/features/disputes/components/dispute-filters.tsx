import { DisputeStatus } from '@kwanza/contract';
import { Button, Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { DISPUTE_STATUS_LABELS, optionsOf } from '../../../lib/labels';
import type { ListParamsHandle } from '../../../lib/list-params';
import type { DISPUTE_LIST_PARAMS } from '../dispute-list-params';

const STATUS_OPTIONS = optionsOf(DISPUTE_STATUS_LABELS, { all: 'Tous les statuts' });

/** Search (applied by 'Rechercher' or Enter, back to page 1) and the status filter, both on the server. */
export function DisputeFilters({
  list,
}: {
  list: ListParamsHandle<typeof DISPUTE_LIST_PARAMS.schema.shape>;
}) {
  const { params, update, stage } = list;
  return (
    <form
      aria-label="Filtrer les litiges"
      onSubmit={(event) => {
        event.preventDefault();
        update({ page: 1 });
      }}
    >
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SearchInput
          label="Recherche"
          placeholder="Titre, description, client, prestataire..."
          value={params.search ?? ''}
          onSearch={(search) => update({ search })}
          onDraftChange={(search) => stage({ search })}
          debounceMs={null}
          syncKey={list.urlKey}
          width={320}
        />
        <Select
          label="Statut"
          data={STATUS_OPTIONS}
          value={params.status ?? ''}
          allowDeselect={false}
          onChange={(value) => update({ status: DisputeStatus.safeParse(value).data })}
          w={220}
        />
        <Button type="submit">Rechercher</Button>
      </Group>
    </form>
  );
}
