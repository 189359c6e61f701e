import { Button, Group, Text } from '@mantine/core';
import {
  countPages,
  ELLIPSIS,
  formatPageRange,
  getEllipsisPageItems,
  getSlidingPageWindow,
  type PageItem,
} from '../lib/pagination';

/** 'window': at most 4 consecutive pages; 'ellipsis': the providers' rule; 'pages': 'Page X sur Y'. */
export type PaginationMode = 'window' | 'ellipsis' | 'pages';

interface PaginationFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at its cap: 'sur plus de 1 000 résultats'. */
  capped?: boolean | undefined;
  onPageChange: (page: number) => void;
  /** Default 'window'. */
  mode?: PaginationMode;
}

/** 'Page X sur Y' with Précédent / Suivant, only when there is more than one page (the reports screen). */
function PageOfPages({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" component="nav" aria-label="Pagination">
      <Text size="sm" c="dimmed">
        Page {page} sur {totalPages}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Précédent
        </Button>
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
  if (mode === 'pages')
    return <PageOfPages page={page} totalPages={totalPages} onPageChange={onPageChange} />;
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
