import {
  MESSAGE_REQUIRED,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  NotificationType,
  RECIPIENT_REQUIRED,
  TITLE_REQUIRED,
  type UserSearchResult,
} from '@kwanza/contract';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { openConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { focusFirstInvalidField } from '../../../lib/focus';
import { formatNumber } from '../../../lib/format';
import { NOTIFICATION_TYPE_LABELS, optionsOf, WRITABLE_NOTIFICATION_TYPES } from '../../../lib/labels';
import { notifySuccess } from '../../../lib/notify';
import {
  getBroadcastAudience,
  useBroadcastNotification,
  useRecipientSearch,
  useSendNotification,
} from '../api/send-notification';

const SEND_FAILED = "Erreur lors de l'envoi de la notification";
const RECIPIENT_SEARCH_DEBOUNCE_MS = 300;
const TYPE_OPTIONS = optionsOf(NOTIFICATION_TYPE_LABELS, { only: WRITABLE_NOTIFICATION_TYPES });

type RecipientMode = 'user' | 'all';

interface CreateNotificationValues {
  mode: RecipientMode;
  userId: string;
  notification_type: NotificationType;
  title: string;
  message: string;
}

const INITIAL_VALUES: CreateNotificationValues = {
  mode: 'user',
  userId: '',
  notification_type: 'system',
  title: '',
  message: '',
};

const nameOf = (user: UserSearchResult) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** What the box shows for a user (e-mails are unique, so labels are too). */
const labelOf = (user: UserSearchResult) => `${nameOf(user)} — ${user.email}`;

/** The spec's checks, values trimmed; the server checks the same and more. */
function validate(values: CreateNotificationValues): Partial<Record<keyof CreateNotificationValues, string>> {
  const errors: Partial<Record<keyof CreateNotificationValues, string>> = {};
  const title = values.title.trim();
  const message = values.message.trim();
  if (!title) errors.title = TITLE_REQUIRED;
  else if (title.length > NOTIFICATION_TITLE_MAX)
    errors.title = `Le titre ne peut pas dépasser ${NOTIFICATION_TITLE_MAX} caractères`;
  if (!message) errors.message = MESSAGE_REQUIRED;
  else if (message.length > NOTIFICATION_MESSAGE_MAX)
    errors.message = `Le message ne peut pas dépasser ${NOTIFICATION_MESSAGE_MAX} caractères`;
  if (values.mode === 'user' && !values.userId) errors.userId = RECIPIENT_REQUIRED;
  return errors;
}

interface CreateNotificationDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Créer une nouvelle notification': to one user found by name or e-mail, or to every active user
 * (after a confirmation naming how many will receive it). Field errors clear as the field is edited;
 * nothing typed is lost when sending fails.
 */
export function CreateNotificationDialog({ opened, onClose }: CreateNotificationDialogProps) {
  const send = useSendNotification();
  const broadcast = useBroadcastNotification();
  const form = useForm<CreateNotificationValues>({
    mode: 'controlled',
    initialValues: INITIAL_VALUES,
    validate,
    validateInputOnBlur: false,
  });
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, RECIPIENT_SEARCH_DEBOUNCE_MS);
  const recipients = useRecipientSearch(debouncedSearch);
  const [pickedUser, setPickedUser] = useState<UserSearchResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [countingAudience, setCountingAudience] = useState(false);
  const { reset: resetForm } = form;
  const resetSend = send.reset;
  const resetBroadcast = broadcast.reset;

  // The form starts empty each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    resetForm();
    setSearch('');
    setPickedUser(null);
    setFailure(null);
    resetSend();
    resetBroadcast();
  }, [opened, resetForm, resetSend, resetBroadcast]);

  const found = recipients.data ?? [];
  const options = [
    ...(pickedUser && !found.some((user) => user.id === pickedUser.id) ? [pickedUser] : []),
    ...found,
  ];
  const data = options.map(labelOf);
  const sending = send.isPending || broadcast.isPending || countingAudience;

  const failed = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    form.setErrors({
      ...(fields.title ? { title: fields.title } : {}),
      ...(fields.message ? { message: fields.message } : {}),
      ...(fields.user_id ? { userId: fields.user_id } : {}),
    });
    const detail = errorMessage(error, '');
    setFailure(detail && detail !== SEND_FAILED ? `${SEND_FAILED} : ${detail}` : SEND_FAILED);
  };

  const sendToAll = async (content: {
    title: string;
    message: string;
    notification_type: NotificationType;
  }) => {
    setCountingAudience(true);
    let recipientsCount: number;
    try {
      recipientsCount = (await getBroadcastAudience()).recipients;
    } catch (error) {
      failed(error);
      return;
    } finally {
      setCountingAudience(false);
    }
    openConfirmDialog({
      title: 'Envoyer à tous les utilisateurs',
      message: `Cette notification sera envoyée à ${formatNumber(recipientsCount)} utilisateur${recipientsCount > 1 ? 's' : ''} actif${recipientsCount > 1 ? 's' : ''} (clients et prestataires). Continuer ?`,
      confirmLabel: 'Envoyer',
      onConfirm: () =>
        broadcast.mutate(content, {
          onSuccess: (result) => {
            notifySuccess(result.detail);
            onClose();
          },
          onError: failed,
        }),
    });
  };

  const submit = form.onSubmit(
    (values, event) => {
      const formElement = event?.currentTarget;
      if (sending) return;
      setFailure(null);
      const content = {
        title: values.title.trim(),
        message: values.message.trim(),
        notification_type: values.notification_type,
      };
      if (values.mode === 'all') {
        void sendToAll(content);
        return;
      }
      send.mutate(
        { ...content, user_id: Number(values.userId) },
        {
          onSuccess: () => {
            notifySuccess('Notification envoyée avec succès');
            onClose();
          },
          onError: (error) => {
            failed(error);
            // A field refused by the server takes the focus, as for the checks in the browser.
            focusFirstInvalidField(formElement);
          },
        },
      );
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  return (
    <Dialog opened={opened} onClose={onClose} title="Créer une nouvelle notification" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Radio.Group
            label="Destinataire"
            value={form.values.mode}
            onChange={(value) => {
              form.setFieldValue('mode', value === 'all' ? 'all' : 'user');
              form.clearFieldError('userId');
            }}
          >
            <Group mt={4}>
              <Radio value="user" label="Utilisateur spécifique" data-autofocus />
              <Radio value="all" label="Tous les utilisateurs" />
            </Group>
          </Radio.Group>
          {form.values.mode === 'user' ? (
            <Autocomplete
              label="Utilisateur"
              placeholder="Rechercher par nom ou email..."
              required
              data={data}
              value={search}
              onChange={(text) => {
                setSearch(text);
                // Editing the text after a pick drops the pick: the box and the recipient never disagree.
                if (pickedUser && text !== labelOf(pickedUser)) {
                  setPickedUser(null);
                  form.setFieldValue('userId', '');
                }
              }}
              onOptionSubmit={(label) => {
                const user = options.find((item) => labelOf(item) === label) ?? null;
                setPickedUser(user);
                form.setFieldValue('userId', user ? String(user.id) : '');
                form.clearFieldError('userId');
              }}
              filter={({ options: items }) => items}
              error={form.errors.userId}
              rightSection={
                recipients.isFetching ? <Loader size={14} aria-label="Recherche..." /> : undefined
              }
              renderOption={({ option }) => {
                const user = options.find((item) => labelOf(item) === option.value);
                return user ? (
                  <Stack gap={0}>
                    <Text size="sm">{nameOf(user)}</Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </Stack>
                ) : (
                  option.value
                );
              }}
            />
          ) : (
            <Text size="sm" c="dimmed">
              La notification sera envoyée à tous les utilisateurs actifs (clients et prestataires).
            </Text>
          )}
          <Select
            label="Type de notification"
            data={TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('notification_type')}
            onChange={(value) =>
              form.setFieldValue('notification_type', NotificationType.safeParse(value).data ?? 'system')
            }
          />
          <TextInput label="Titre" required autoComplete="off" {...form.getInputProps('title')} />
          <Textarea label="Message" required rows={4} {...form.getInputProps('message')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? 'Envoi...' : 'Envoyer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
