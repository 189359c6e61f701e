import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useAddAdminMessage } from '../api/add-admin-message';

/**
 * The admin's composer: the text is trimmed, an empty text is never sent, a message is sent once
 * (the button is disabled and a second submit ignored while one is in flight), and the text stays
 * in the box with a French error when sending fails.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const [content, setContent] = useState('');
  const sending = useRef(false);
  const send = useAddAdminMessage(conversationId);
  const text = content.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === '' || sending.current) return;
    sending.current = true;
    send.mutate(text, {
      onSuccess: () => setContent(''),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Écrire un message">
      <Stack gap="xs">
        {send.isError ? (
          <Alert color="red" title="Erreur" role="alert">
            {errorMessage(send.error, "Le message n'a pas pu être envoyé. Veuillez réessayer.")}
          </Alert>
        ) : null}
        <Textarea
          aria-label="Message de l'administrateur"
          placeholder="Écrire un message en tant qu'administrateur..."
          rows={3}
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            if (send.isError) send.reset();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          }}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            disabled={text === '' || send.isPending}
            loading={send.isPending}
          >
            Envoyer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
