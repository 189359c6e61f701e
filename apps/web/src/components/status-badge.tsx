import { Badge, type MantineColor } from '@mantine/core';

interface StatusBadgeProps {
  label: string;
  color: MantineColor;
}

/** A status shown as a coloured pill; each screen maps its statuses to a label and a colour. */
export function StatusBadge({ label, color }: StatusBadgeProps) {
  return (
    <Badge color={color} variant="light" radius="sm" tt="none">
      {label}
    </Badge>
  );
}
