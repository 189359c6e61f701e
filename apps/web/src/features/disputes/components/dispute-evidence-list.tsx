import type { DisputeEvidence } from '@kwanza/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';

/** The evidence: who submitted it, what it shows, and its file (a short-lived link) in a new tab. */
export function DisputeEvidenceList({ evidence }: { evidence: readonly DisputeEvidence[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="dispute-evidence-title">
      <Title order={2} size="h4" id="dispute-evidence-title">
        Preuves
      </Title>
      {evidence.length === 0 ? (
        <Text c="dimmed">Aucune preuve fournie</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {evidence.map((item, index) => (
            <Paper key={item.id} withBorder radius="sm" p="sm" component="li">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>{item.user_name}</Text>
                  {item.description ? <Text size="sm">{item.description}</Text> : null}
                  <Text size="xs" c="dimmed">
                    Ajoutée le {formatDate(item.created_at)}
                  </Text>
                </Stack>
                <Anchor
                  href={item.file}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Voir le fichier ${index + 1} de ${item.user_name} (nouvel onglet)`}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconPaperclip size={16} aria-hidden />
                    Voir le fichier
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
