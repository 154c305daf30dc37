import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { dismissFailedWrite } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import { parseHandle } from '@/domain/identity';
import { awaitIntent } from '../data/await-intent';
import { commandErrorKey, friendReasonKey } from '../model/friend-ledger';
import { toastSuccess } from '@/lib/feedback/toast';

/** How long an online send waits for the server's answer before it is left to the queue. */
const ANSWER_WAIT_MS = 8000;

/**
 * Add a friend by Spotter ID (`username#1234`). The format is checked here; the request is a queued intent
 * (src/db/commands/friends.ts). Online, the dialog waits a moment for the answer and shows a refusal
 * (yourself, already friends, request exists, user not found) under the field; offline, or when no answer
 * came in time, it closes and says the request is on its way (a later refusal shows in the friends section).
 */
export function AddFriendDialog({
  opened,
  onClose,
  db,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  db: SpotterDatabase;
  userId: string;
}) {
  const { t } = useTranslation('profile');
  const { t: tf } = useTranslation('friends');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parseHandle(value) === null) {
      setError(tf('errors.invalidHandle'));
      return;
    }
    setBusy(true);
    const result = await sendFriendRequestByHandle({ db, userId }, value);
    if (!result.ok) {
      setBusy(false);
      setError(tf(commandErrorKey(result.error.message, 'errors.sendFailed')));
      return;
    }
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const answer = offline
      ? { status: 'pending' as const }
      : await awaitIntent(db, result.value.key, ANSWER_WAIT_MS);
    setBusy(false);
    if (answer.status === 'refused') {
      setError(tf(friendReasonKey('send', answer.code)));
      // Said here, in the field the user is looking at: the friends section and the sync badge need not
      // keep it as an unseen refusal (a red badge for a typo the user has just corrected).
      await dismissFailedWrite(db, result.value.key);
      return;
    }
    // Online but no answer yet (a slow server): it is on its way, not waiting for the network.
    const handle = result.value.handle;
    toastSuccess(
      answer.status === 'applied'
        ? tf('send.sent')
        : offline
          ? tf('send.queued', { handle })
          : tf('send.pending', { handle }),
    );
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('addFriend.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('addFriend.description')}
          </Text>
          <TextInput
            label={t('addFriend.label')}
            placeholder={t('addFriend.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('addFriend.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('addFriend.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
