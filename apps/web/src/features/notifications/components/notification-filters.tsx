import { NotificationPeriod, NotificationType } from '@kwanza/contract';
import { Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { NOTIFICATION_TYPE_LABELS, optionsOf } from '../../../lib/labels';
import type { ListParamsHandle } from '../../../lib/list-params';
import type { NOTIFICATION_LIST_PARAMS } from '../notification-list-params';

/** Every type: the spec's twelve, then those of the platform's own notifications (the bell's). */
const TYPE_OPTIONS = optionsOf(NOTIFICATION_TYPE_LABELS, { all: 'Tous les types' });

const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  { value: 'false', label: 'Non lues' },
  { value: 'true', label: 'Lues' },
];

const PERIOD_OPTIONS = [
  { value: '', label: 'Toutes les périodes' },
  { value: 'today', label: "Aujourd'hui" },
  { value: 'week', label: 'Cette semaine' },
  { value: 'month', label: 'Ce mois' },
];

function readFilter(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Search (debounced), type, status and period filters, all kept in the URL and applied by the server. */
export function NotificationFilters({
  list,
}: {
  list: ListParamsHandle<typeof NOTIFICATION_LIST_PARAMS.schema.shape>;
}) {
  const { params, update, stage } = list;
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <SearchInput
        label="Recherche"
        placeholder="Titre, message ou utilisateur..."
        value={params.search ?? ''}
        onSearch={(search) => update({ search })}
        onDraftChange={(search) => stage({ search })}
        syncKey={list.urlKey}
        width={300}
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={params.notification_type ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ notification_type: NotificationType.safeParse(value).data })}
        w={220}
      />
      <Select
        label="Statut"
        data={STATUS_OPTIONS}
        value={params.is_read === undefined ? '' : String(params.is_read)}
        allowDeselect={false}
        onChange={(value) => update({ is_read: readFilter(value) })}
        w={180}
      />
      <Select
        label="Période"
        data={PERIOD_OPTIONS}
        value={params.period ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ period: NotificationPeriod.safeParse(value).data })}
        w={200}
      />
    </Group>
  );
}
