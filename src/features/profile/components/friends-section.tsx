import { Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeFriend } from '@/db/commands/friends';
import { outgoingFriendRequests } from '@/db/queries';
import type { SpotterDatabase } from '@/db/types';
import type { FriendRpc } from '../data/friend-actions';
import { useFriendLedger } from '../data/use-friend-ledger';
import { useFriendsList, type FriendRow } from '../data/use-friends-list';
import { commandErrorKey } from '../model/friend-ledger';
import { FriendsListItem, handleOf } from './friends-list-item';
import { FriendsOutgoing } from './friends-outgoing';
import { FriendsRefusals } from './friends-refusals';
import { FriendsRemoveDialog } from './friends-remove-dialog';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { useLiveSource } from '@/db/use-live-query';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Friends on /profile (issue 14): refusals that came back later, the requests I sent (Cancel), and the
 * friends list (20 a page, Load more, search) with Remove behind a confirmation. Offline the list is the
 * friends this device knows, and says so.
 */
export function FriendsSection({
  db,
  userId,
  sync,
}: {
  db: SpotterDatabase;
  userId: string;
  sync: FriendRpc;
}) {
  const { t } = useTranslation('friends');
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const ledger = useFriendLedger(db);
  const list = useFriendsList({ db, userId, sync, search, removing: ledger.removing });
  const outgoing = useLiveSource(() => outgoingFriendRequests(db, userId), [db, userId]) ?? [];
  const [removing, setRemoving] = useState<FriendRow | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    const name = handleOf(removing);
    setRemoving(null);
    const result = await removeFriend({ db, userId }, removing.id);
    if (result.ok) toastSuccess(t('remove.done', { name }));
    else toastError(t(commandErrorKey(result.error.message, 'errors.removeFailed')));
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="friends">
      <Stack gap="md">
        <Title order={2} fz="h4" id="friends">
          {t('heading')}
        </Title>
        <FriendsRefusals refusals={ledger.refusals} onDismiss={(key) => void ledger.dismiss(key)} />
        <FriendsOutgoing
          db={db}
          userId={userId}
          sync={sync}
          requests={outgoing}
          queued={ledger.queuedSends}
        />
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          type="search"
          autoComplete="off"
        />
        {list.source === 'local' && (
          <Text size="sm" c="dimmed" role="status">
            <IconWifiOff size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {t('list.localOnly')}
          </Text>
        )}
        {list.rows.length === 0 ? (
          list.source === 'loading' ? (
            <Center mih={60} role="status" aria-label={t('list.loading')}>
              <Loader size="sm" />
            </Center>
          ) : (
            <Text c="dimmed" size="sm">
              {search.trim() === '' ? t('list.empty') : t('list.noMatch', { query: search.trim() })}
            </Text>
          )
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label={t('list.label')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {list.rows.map((row) => (
              <FriendsListItem key={row.id} row={row} onRemove={setRemoving} />
            ))}
          </Stack>
        )}
        {list.hasMore && (
          <Button variant="default" onClick={list.loadMore} loading={list.loadingMore}>
            {t('list.loadMore')}
          </Button>
        )}
      </Stack>
      <FriendsRemoveDialog
        name={removing ? handleOf(removing) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
