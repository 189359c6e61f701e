import type { AuditEntry } from '@kwanza/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { objectPath, objectTypeLabel } from '../../../lib/audit';

/** An entry's object: its kind, and its label kept at the time as a link to its screen. */
export function AuditObjectLink({ object }: { object: AuditEntry['object'] }) {
  if (!object) return <Text size="sm">—</Text>;
  const path = objectPath(object);
  const label = object.label || (object.id === null ? '—' : `n° ${object.id}`);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {objectTypeLabel(object.type)}
        {object.id === null ? '' : ` n° ${object.id}`}
      </Text>
      {path ? (
        <Anchor component={Link} to={path} size="sm">
          {label}
        </Anchor>
      ) : (
        <Text size="sm">{label}</Text>
      )}
    </Stack>
  );
}
