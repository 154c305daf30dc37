import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { online$ } from '@/db/sync-status';
import type { SpotterDatabase } from '@/db/types';
import { friendships } from '@/db/queries';
import { useLiveSource, useLiveValue } from '@/db/use-live-query';
import { UserAvatar } from '@/components/user-avatar';
import { UserHandle } from '@/components/user-handle';
import type { FriendRpc } from '../data/friend-actions';
import { useDiscover } from '../data/use-discover';
import { DISCOVER_MAX, DISCOVER_PAGE, withoutLocalFriends, type DiscoverPerson } from '../model/discover';
import { toastError, toastSuccess } from '@/lib/feedback/toast';

/** navigator.onLine, live; one shared source. */
const browserOnline$ = online$();

/**
 * Discover people (issue 14): public profiles from the server's `discover_people`, members of my home
 * gyms first, then friends of friends; search by username; Add friend per row; each links to /p/{id}.
 * Online data: offline it says discovery needs a connection (and keeps what was already shown). Add friend
 * is a ledger intent (src/db/commands/friends.ts): shown as sent at once, delivered once, offline too; a
 * later refusal shows in the friends section with the spec's message.
 */
export function DiscoverSection({
  db,
  userId,
  sync,
}: {
  db: SpotterDatabase;
  userId: string;
  sync: FriendRpc;
}) {
  const { t } = useTranslation(['discover', 'profile', 'friends']);
  const online = useLiveValue(browserOnline$) ?? true;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [shown, setShown] = useState(DISCOVER_PAGE);
  const found = useDiscover(sync, debounced, shown);
  const { failed, loading, refetch } = found;
  const friendRows = useLiveSource(() => friendships(db, userId), [db, userId]);
  const people = useMemo(
    () =>
      found.people === undefined
        ? undefined
        : withoutLocalFriends(found.people, new Set((friendRows ?? []).map((row) => row.friend_id))),
    [found.people, friendRows],
  );
  // Requests sent from here, until the refreshed list shows them.
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);

  const add = async (person: DiscoverPerson) => {
    setAdding(person.id);
    try {
      const result = await sendFriendRequestByHandle({ db, userId }, person.handle);
      if (!result.ok) {
        toastError(t(result.error.message as 'friends:errors.sendFailed'));
        return;
      }
      setSent((previous) => new Set(previous).add(person.id));
      toastSuccess(t('profile:addFriend.sent'));
    } catch (error) {
      // A bug or a storage failure, not a refusal (those come back through the ledger).
      console.error(error);
      toastError(t('profile:errors.sendFailed'));
    } finally {
      setAdding(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="discover">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="discover">
            {t('heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </Stack>
        <TextInput
          type="search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setShown(DISCOVER_PAGE);
          }}
          maxLength={40}
          autoComplete="off"
        />
        {!online ? (
          <Alert color="yellow" role="status">
            {t('offline')}
          </Alert>
        ) : null}
        {people === undefined ? (
          loading ? (
            <Center mih={80} role="status" aria-label={t('loading')}>
              <Loader size="sm" />
            </Center>
          ) : failed && online ? (
            <Group gap="sm">
              <Text size="sm" c="red">
                {t('failed')}
              </Text>
              <Button size="xs" variant="default" onClick={refetch}>
                {t('retry')}
              </Button>
            </Group>
          ) : null
        ) : people.length === 0 ? (
          <Text size="sm" c="dimmed">
            {debounced.trim() ? t('noMatch') : t('empty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {people.map((person) => {
              const requested = person.friendship_status === 'request_sent' || sent.has(person.id);
              return (
                <Group key={person.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <UserAvatar profile={person} />
                    <Stack gap={0} miw={0}>
                      <Anchor
                        component={Link}
                        to={`/p/${encodeURIComponent(person.id)}`}
                        fw={600}
                        miw={0}
                        display="block"
                        // One word for screen readers: the handle's two boxes would read as two.
                        aria-label={person.handle}
                      >
                        <UserHandle username={person.username} discriminator={person.discriminator} />
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('level', { level: person.level })}
                      </Text>
                    </Stack>
                  </Group>
                  {person.friendship_status === 'request_received' ? (
                    <Text size="sm" c="dimmed" ta="end" style={{ flexShrink: 0 }}>
                      {t('asksYou')}
                    </Text>
                  ) : requested ? (
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {t('requested')}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      style={{ flexShrink: 0 }}
                      leftSection={<IconUserPlus size={14} aria-hidden />}
                      loading={adding === person.id}
                      disabled={adding !== null && adding !== person.id}
                      onClick={() => void add(person)}
                      aria-label={t('addNamed', { handle: person.handle })}
                    >
                      {t('add')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {people !== undefined && people.length >= shown && shown < DISCOVER_MAX ? (
          <Button variant="default" onClick={() => setShown((n) => n + DISCOVER_PAGE)}>
            {t('more')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
