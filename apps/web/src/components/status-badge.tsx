import { Badge, type MantineColor } from '@mantine/core';
import { type LabelMap, labelOf } from '../lib/labels';

interface StatusBadgeProps {
  label: string;
  color: MantineColor;
}

/** A status shown as a coloured pill, never cut ('En pause' stays whole in a narrow column). */
export function StatusBadge({ label, color }: StatusBadgeProps) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/** The badge component of one enum: `const ProjectStatusBadge = createStatusBadge(PROJECT_STATUS_LABELS)`. */
export function createStatusBadge<V extends string>(map: LabelMap<V>) {
  function EnumStatusBadge({ value }: { value: V }) {
    const { label, color } = labelOf(map, value);
    return <StatusBadge label={label} color={color} />;
  }
  return EnumStatusBadge;
}
