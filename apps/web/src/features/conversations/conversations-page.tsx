import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { StatGrid } from '../../components/stat-grid';
import { errorMessage } from '../../lib/api-errors';
import { useListParams } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConversationStats } from './api/get-conversation-stats';
import { useConversations } from './api/list-conversations';
import { useBulkMarkRead } from './api/mark-read';
import { ConversationFilters } from './components/conversation-filters';
import { ConversationsTable, partiesOf } from './components/conversations-table';
import { CONVERSATION_LIST_PARAMS, CONVERSATIONS_PAGE_SIZE } from './conversation-list-params';

export default function ConversationsPage() {
  const list = useListParams(CONVERSATION_LIST_PARAMS);
  const { params, update, urlKey } = list;
  const conversations = useConversations({ ...params, page_size: CONVERSATIONS_PAGE_SIZE });
  const stats = loadedData(useConversationStats());
  const markRead = useBulkMarkRead();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const filtered = Boolean(params.search || params.has_unread !== undefined || params.period);

  // A selection belongs to the rows on screen: another page or filter starts without one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the URL state changes.
  useEffect(() => setSelected(new Set()), [urlKey]);

  const markSelectedRead = () => {
    if (markRead.isPending) return;
    markRead.mutate([...selected], {
      onSuccess: () => {
        setSelected(new Set());
        notifySuccess('Conversations marquées comme lues');
      },
      onError: (error) =>
        notifyError(errorMessage(error, 'Impossible de marquer les conversations comme lues.')),
    });
  };

  return (
    <>
      <PageHeader title="Gestion des Conversations" />
      <StatGrid
        items={[
          { label: 'Total', value: stats?.total_conversations },
          { label: 'Non lues', value: stats?.conversations_with_unread, color: 'red' },
          { label: 'Récentes (24h)', value: stats?.recent_conversations, color: 'blue' },
          { label: 'Messages totaux', value: stats?.total_messages },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <ConversationFilters list={list} />
        {selected.size > 0 ? (
          <Group
            justify="space-between"
            mb="md"
            p="sm"
            bg="var(--mantine-color-blue-light)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            role="region"
            aria-label="Sélection"
          >
            <Text size="sm" fw={500}>
              {selected.size} conversation(s) sélectionnée(s)
            </Text>
            <Group gap="sm">
              <Button size="xs" onClick={markSelectedRead} loading={markRead.isPending}>
                Marquer comme lu
              </Button>
              <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                Annuler
              </Button>
            </Group>
          </Group>
        ) : null}
        <ListView
          query={conversations}
          page={params.page}
          pageSize={CONVERSATIONS_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorMessage="Impossible de charger les conversations. Veuillez réessayer."
          empty={
            <EmptyState
              title="Aucune conversation"
              description={
                filtered ? 'Aucune conversation ne correspond à vos critères de recherche.' : undefined
              }
            />
          }
        >
          {(data) => (
            <ConversationsTable
              conversations={data.results}
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (conversation) => `Sélectionner la conversation ${partiesOf(conversation)}`,
              }}
            />
          )}
        </ListView>
      </Paper>
    </>
  );
}
