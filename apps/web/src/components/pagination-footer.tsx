import { Button, Group, Text } from '@mantine/core';
import {
  countPages,
  ELLIPSIS,
  formatPageRange,
  getEllipsisPageItems,
  getSlidingPageWindow,
  type PageItem,
} from '../lib/pagination';

interface PaginationFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at its cap: 'sur plus de 1 000 résultats'. */
  capped?: boolean | undefined;
  onPageChange: (page: number) => void;
  /** 'window': at most 4 consecutive pages (default); 'ellipsis': the providers' rule. */
  mode?: 'window' | 'ellipsis';
}

/** 'Affichage de X à Y sur N résultats' with Précédent / page numbers / Suivant. */
export function PaginationFooter({
  page,
  pageSize,
  total,
  capped = false,
  onPageChange,
  mode = 'window',
}: PaginationFooterProps) {
  const totalPages = countPages(total, pageSize);
  const items: PageItem[] =
    mode === 'ellipsis' ? getEllipsisPageItems(page, totalPages) : getSlidingPageWindow(page, totalPages);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {formatPageRange(page, pageSize, total, capped)}
      </Text>
      <Group gap={4} component="nav" aria-label="Pagination">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Précédent
        </Button>
        {items.map((item, index) =>
          item === ELLIPSIS ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity of its own
            <Text key={`ellipsis-${index}`} size="sm" c="dimmed" px={4} aria-hidden>
              ...
            </Text>
          ) : (
            <Button
              key={item}
              size="xs"
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPageChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="xs"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Suivant
        </Button>
      </Group>
    </Group>
  );
}
