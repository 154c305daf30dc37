import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { checkIn, checkOut } from '@/db/commands/check-ins';
import { setHomeGyms } from '@/db/commands/home-gyms';
import { pending$ } from '@/db/pending-writes';
import { gymsByName, homeGyms, openCheckIn } from '@/db/queries';
import type { GymDoc } from '@/db/schemas/gyms';
import { online$ } from '@/db/sync-status';
import { useLiveValue } from '@/db/use-live-query';
import { HOME_GYMS_MAX } from '@/domain/constants';
import { useFriendsAtGym } from '../data/use-friends-at-gym';
import { isPresent, presenceGymId } from '../model/presence';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { HomeGymCard } from './home-gym-card';
import { HomeGymPicker } from './home-gym-picker';
import { HomeGymPrompt } from './home-gym-prompt';
import { PresenceSection } from './presence-section';
import { useNow } from '@/lib/clock';
import { useLive, useOwnProfile } from '@/sync/use-live';

/** navigator.onLine, live; one shared source (its store subscribes once). */
const browserOnline$ = online$();

/**
 * /gym: my home gyms (up to 3), check in and out, and who is here now. Everything I do is written locally
 * first (the commands record intents the sync worker sends), so it all works offline; the friends list is
 * online data and says so when it cannot be refreshed.
 */
export function GymPage() {
  const { t } = useTranslation(['gym', 'errors', 'validation']);
  const { db, userId, sync } = useUserData();
  const ctx = useMemo(() => ({ db, userId }), [db, userId]);
  const now = useNow();

  const homeRows = useLive((db) => homeGyms(db, userId), [userId]);
  const gyms = useLive((db) => gymsByName(db), []);
  const myCheckIn = useLive((db) => openCheckIn(db, userId), [userId]);
  const myProfile = useOwnProfile();
  const pending = useLive((db) => pending$(db), []);
  const online = useLiveValue(browserOnline$) ?? true;

  const [pickerOpen, setPickerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [busyGym, setBusyGym] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  // Opening the tab refreshes the page's own data (spec point 2).
  useEffect(() => {
    void sync.syncNow();
  }, [sync]);

  const gymsById = useMemo(() => new Map((gyms ?? []).map((g) => [g.id, g.toJSON() as GymDoc])), [gyms]);
  const homeIds = useMemo(() => (homeRows ?? []).map((r) => r.gym_id), [homeRows]);
  const present = isPresent(myCheckIn, now) ? myCheckIn : null;
  const presenceGym = presenceGymId(homeIds, chosen, present?.gym_id ?? null);
  const presence = useFriendsAtGym(sync, presenceGym, online);
  const waiting = present ? pending?.entries[`check_in:${present.id}`] !== undefined : false;
  const nameOf = (id: string) => gymsById.get(id)?.name ?? id;

  const save = async (ids: string[]) => {
    setSaving(true);
    const result = await setHomeGyms(ctx, ids);
    setSaving(false);
    if (!result.ok) {
      toastError(t(result.error.message as 'errors:data.homeGymsMax'), { title: t('picker.failed') });
      return;
    }
    setPickerOpen(false);
    toastSuccess(t('picker.saved'));
  };

  const doCheckIn = async (gymId: string) => {
    setBusyGym(gymId);
    const result = await checkIn(ctx, { gym_id: gymId });
    setBusyGym(null);
    if (!result.ok) {
      toastError(t(result.error.message as 'errors:data.invalidInput'), { title: t('checkIn.failed') });
      return;
    }
    setChosen(gymId);
    toastSuccess(t('checkIn.done', { gym: nameOf(gymId) }));
  };

  const doCheckOut = async (gymId: string) => {
    setBusyGym(gymId);
    const result = await checkOut(ctx, present ? { check_in_id: present.id } : {});
    setBusyGym(null);
    if (!result.ok) {
      toastError(t(result.error.message as 'errors:data.checkInNotFound'), {
        title: t('checkIn.checkOutFailed'),
      });
      return;
    }
    toastSuccess(t('checkIn.checkedOut'));
  };

  return (
    <Stack gap="lg" maw={792} mx="auto" w="100%" px="md" py="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>

      {homeRows === undefined ? (
        <Center mih={160}>
          <Loader aria-label={t('presence.loading')} />
        </Center>
      ) : homeRows.length === 0 ? (
        <HomeGymPrompt onChoose={() => setPickerOpen(true)} />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="home-gyms-title">
            <Group justify="space-between">
              <Title order={2} size="h4" id="home-gyms-title">
                {t('homeGyms.title')}{' '}
                <Text span c="dimmed" fw={400} size="sm">
                  {t('homeGyms.count', { count: homeRows.length, max: HOME_GYMS_MAX })}
                </Text>
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setPickerOpen(true)}
              >
                {t('homeGyms.edit')}
              </Button>
            </Group>
            {homeRows.map((row) => (
              <HomeGymCard
                key={row.gym_id}
                gymId={row.gym_id}
                gym={gymsById.get(row.gym_id) ?? null}
                hereSince={present?.gym_id === row.gym_id ? present.checked_in_at : null}
                waiting={waiting}
                busy={busyGym === row.gym_id}
                onCheckIn={() => void doCheckIn(row.gym_id)}
                onCheckOut={() => void doCheckOut(row.gym_id)}
              />
            ))}
          </Stack>
          {presenceGym === null ? null : (
            <PresenceSection
              gyms={homeIds.map((id) => ({ id, name: nameOf(id) }))}
              gymId={presenceGym}
              onGymChange={setChosen}
              online={online}
              friends={presence.friends}
              loading={presence.loading}
              failed={presence.failed}
              onRetry={presence.refresh}
              meSince={present?.gym_id === presenceGym ? present.checked_in_at : null}
              me={myProfile ? myProfile.toJSON() : null}
              now={now}
            />
          )}
        </>
      )}

      <HomeGymPicker
        opened={pickerOpen}
        gyms={(gyms ?? []).map((g) => gymsById.get(g.id) ?? (g.toJSON() as GymDoc))}
        initial={homeIds}
        saving={saving}
        onSave={(ids) => void save(ids)}
        onClose={() => setPickerOpen(false)}
      />
    </Stack>
  );
}
