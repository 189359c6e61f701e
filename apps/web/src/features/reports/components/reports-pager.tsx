import { Button, Group, Text } from '@mantine/core';
import { countPages } from '../../../lib/pagination';

/** 'Page X sur Y' with Précédent / Suivant, only when there is more than one page. */
export function ReportsPager({
  page,
  pageSize,
  total,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const pages = countPages(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" component="nav" aria-label="Pagination">
      <Text size="sm" c="dimmed">
        Page {page} sur {pages}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Précédent
        </Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Suivant
        </Button>
      </Group>
    </Group>
  );
}
