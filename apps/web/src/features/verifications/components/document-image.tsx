import { Card, Image, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';

interface DocumentImageProps {
  label: string;
  /** Signed link of the document; null when the document was not provided. */
  url: string | null;
  /** 'viewer' opens an enlarged viewer in the page; 'window' opens the image full screen in a new window. */
  open?: 'viewer' | 'window';
}

/** A document thumbnail; clicking it opens it enlarged. */
export function DocumentImage({ label, url, open = 'viewer' }: DocumentImageProps) {
  const [viewing, setViewing] = useState(false);
  if (!url) {
    return (
      <Card withBorder padding="sm">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          Document non fourni
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={500} mb="xs">
        {label}
      </Text>
      <UnstyledButton
        aria-label={`Agrandir : ${label}`}
        onClick={() => {
          if (open === 'window') window.open(url, '_blank', 'noopener');
          else setViewing(true);
        }}
      >
        <Image src={url} alt={label} h={140} fit="contain" radius="sm" />
      </UnstyledButton>
      {open === 'viewer' ? (
        <Dialog
          opened={viewing}
          onClose={() => setViewing(false)}
          title={label}
          size="xl"
          centered
          zIndex={400}
        >
          <Image src={url} alt={`${label} (agrandi)`} fit="contain" mah="80vh" />
        </Dialog>
      ) : null}
    </Card>
  );
}
