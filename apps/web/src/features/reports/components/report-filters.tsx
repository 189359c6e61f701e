import { ReportStatus, ReportType } from '@kwanza/contract';
import { Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { optionsOf, REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from '../../../lib/labels';
import type { ListParamsHandle } from '../../../lib/list-params';
import type { REPORT_LIST_PARAMS } from '../report-list-params';

const STATUS_OPTIONS = optionsOf(REPORT_STATUS_LABELS, { all: 'Tous les statuts' });
const TYPE_OPTIONS = optionsOf(REPORT_TYPE_LABELS, { all: 'Tous les types' });

/** Search (after a pause in typing or on Enter), status and type: all on the server, all in the URL. */
export function ReportFilters({ list }: { list: ListParamsHandle<typeof REPORT_LIST_PARAMS.schema.shape> }) {
  const { params, update, stage } = list;
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <SearchInput
        ariaLabel="Rechercher"
        placeholder="Rechercher..."
        value={params.search ?? ''}
        onSearch={(search) => update({ search })}
        onDraftChange={(search) => stage({ search })}
        syncKey={list.urlKey}
        width={300}
      />
      <Select
        aria-label="Statut"
        data={STATUS_OPTIONS}
        value={params.status ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ status: ReportStatus.safeParse(value).data })}
        w={210}
      />
      <Select
        aria-label="Type"
        data={TYPE_OPTIONS}
        value={params.type ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ type: ReportType.safeParse(value).data })}
        w={190}
      />
    </Group>
  );
}
