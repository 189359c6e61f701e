import { ConversationPeriod } from '@kwanza/contract';
import { Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import type { ListParamsHandle } from '../../../lib/list-params';
import type { CONVERSATION_LIST_PARAMS } from '../conversation-list-params';

const UNREAD_OPTIONS = [
  { value: '', label: 'Toutes' },
  { value: 'true', label: 'Avec messages non lus' },
  { value: 'false', label: 'Toutes lues' },
];

const PERIOD_OPTIONS = [
  { value: '', label: 'Toutes les périodes' },
  { value: 'today', label: "Aujourd'hui" },
  { value: 'week', label: 'Cette semaine' },
  { value: 'month', label: 'Ce mois' },
];

function unreadFilter(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Search (debounced), unread and period filters, all kept in the URL and applied by the server. */
export function ConversationFilters({
  list,
}: {
  list: ListParamsHandle<typeof CONVERSATION_LIST_PARAMS.schema.shape>;
}) {
  const { params, update, stage } = list;
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <SearchInput
        label="Recherche"
        placeholder="Nom ou e-mail du client ou du prestataire..."
        value={params.search ?? ''}
        onSearch={(search) => update({ search })}
        onDraftChange={(search) => stage({ search })}
        syncKey={list.urlKey}
        width={320}
      />
      <Select
        label="Lecture"
        data={UNREAD_OPTIONS}
        value={params.has_unread === undefined ? '' : String(params.has_unread)}
        allowDeselect={false}
        onChange={(value) => update({ has_unread: unreadFilter(value) })}
        w={220}
      />
      <Select
        label="Période"
        data={PERIOD_OPTIONS}
        value={params.period ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ period: ConversationPeriod.safeParse(value).data })}
        w={200}
      />
    </Group>
  );
}
