import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { STATUS_OPTIONS } from './verification-labels';

interface VerificationFiltersProps {
  status: string;
  onStatusChange: (status: string) => void;
  /** The second select: account type (providers) or document type (clients). */
  type: {
    label: string;
    value: string;
    options: { value: string; label: string }[];
    onChange: (value: string) => void;
  };
  search: string;
  onSearchChange: (search: string) => void;
}

/** Status, account or document type, and a search field 'Nom, email...' (applied after a short pause). */
export function VerificationFilters({
  status,
  onStatusChange,
  type,
  search,
  onSearchChange,
}: VerificationFiltersProps) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  const applySearch = useDebouncedCallback((value: string) => onSearchChange(value.trim()), 400);

  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Recherche"
        placeholder="Nom, email..."
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearchChange(text.trim());
        }}
        w={260}
      />
      <Select
        label="Statut"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => onStatusChange(value ?? '')}
        allowDeselect={false}
        w={200}
      />
      <Select
        label={type.label}
        data={type.options}
        value={type.value}
        onChange={(value) => type.onChange(value ?? '')}
        allowDeselect={false}
        w={200}
      />
    </Group>
  );
}
