import { VerificationStatusFilter } from '@kwanza/contract';
import { Group, Select } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { optionsOf, VERIFICATION_STATUS_LABELS } from '../../../lib/labels';
import { VERIFICATION_PARAMS, type VerificationListHandle } from '../use-verification-params';

const VERIFICATION_TYPE = VERIFICATION_PARAMS.schema.shape.type;
const STATUS_OPTIONS = optionsOf(VERIFICATION_STATUS_LABELS, { all: 'Tous les statuts' });

interface VerificationFiltersProps {
  list: VerificationListHandle;
  /** The second select: account type (providers) or document type (clients). */
  type: { label: string; options: { value: string; label: string }[] };
  /** Told before a filter changes (the providers tab clears its selection). */
  onFilterChange?: () => void;
}

/** Status, account or document type, and a search field 'Nom, email...' (applied after a short pause). */
export function VerificationFilters({ list, type, onFilterChange }: VerificationFiltersProps) {
  const { params, update, stage } = list;
  const change = (patch: Parameters<typeof update>[0]) => {
    onFilterChange?.();
    update(patch);
  };
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        label="Recherche"
        placeholder="Nom, email..."
        value={params.search}
        onSearch={(search) => change({ search })}
        onDraftChange={(search) => stage({ search })}
        syncKey={list.urlKey}
        width={260}
      />
      <Select
        label="Statut"
        data={STATUS_OPTIONS}
        value={params.status}
        onChange={(value) => change({ status: VerificationStatusFilter.safeParse(value).data ?? '' })}
        allowDeselect={false}
        w={200}
      />
      <Select
        label={type.label}
        data={type.options}
        value={type.options.some((option) => option.value === params.type) ? params.type : ''}
        onChange={(value) => change({ type: VERIFICATION_TYPE.parse(value ?? '') })}
        allowDeselect={false}
        w={200}
      />
    </Group>
  );
}
