import { Alert, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { getDataClient } from '@/lib/auth/data-client';
import { pushSupport } from './push-support';
import {
  currentSubscription,
  disablePush,
  enablePush,
  serviceWorkerRegistration,
  type PushChangeResult,
  type PushDeps,
} from './push-subscription';
import { useOwnSettings } from '@/sync/use-live';

type Problem = Exclude<Exclude<PushChangeResult, { ok: true }>['reason'], 'dismissed'>;

/**
 * The settings switch for Web Push on this device. On means: this browser holds a subscription and
 * the account's push_enabled is on. Explains a blocked permission, a browser without push, iOS's
 * Home Screen requirement, being offline, and a push service the server refuses to send to.
 */
export function PushToggle() {
  const { t } = useTranslation(['notifications', 'settings']);
  const { db, userId } = useUserData();
  const support = useMemo(() => pushSupport(), []);
  const settings = useOwnSettings();
  const accountOn = settings?.push_enabled ?? false;
  const [deviceSubscribed, setDeviceSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(
    support === 'supported' && Notification.permission === 'denied' ? 'denied' : null,
  );

  const deps = useMemo<PushDeps>(
    () => ({ client: getDataClient(), ctx: { db, userId }, registration: serviceWorkerRegistration }),
    [db, userId],
  );

  const refresh = useCallback(async () => {
    const subscription = await currentSubscription(deps).catch(() => null);
    setDeviceSubscribed(subscription !== null);
  }, [deps]);
  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void currentSubscription(deps)
      .catch(() => null)
      .then((subscription) => {
        if (live) setDeviceSubscribed(subscription !== null);
      });
    return () => {
      live = false;
    };
  }, [deps, support]);

  const change = async (on: boolean) => {
    setBusy(on ? 'on' : 'off');
    setProblem(null);
    const result = await (on ? enablePush(deps) : disablePush(deps));
    if (!result.ok && result.reason !== 'dismissed') setProblem(result.reason);
    await refresh();
    setBusy(null);
  };

  if (support !== 'supported') {
    return (
      <Alert
        variant="light"
        color="gray"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title={t('push.label')}
      >
        {support === 'ios-home-screen' ? t('push.iosHint') : t('push.unsupported')}
      </Alert>
    );
  }

  const checked = accountOn && deviceSubscribed === true;
  return (
    <Stack gap="xs">
      <Switch
        size="md"
        label={t('push.label')}
        description={
          busy === 'on' ? t('push.enabling') : busy === 'off' ? t('push.disabling') : t('push.description')
        }
        checked={busy === null ? checked : busy === 'on'}
        disabled={busy !== null || deviceSubscribed === null}
        onChange={(event) => void change(event.currentTarget.checked)}
        data-testid="push-toggle"
      />
      {accountOn && deviceSubscribed === false && problem === null && (
        <Text size="sm" c="dimmed">
          {t('push.otherDevice')}
        </Text>
      )}
      {problem !== null && (
        <Alert
          variant="light"
          color={problem === 'denied' ? 'orange' : 'red'}
          role="alert"
          data-testid="push-problem"
        >
          {problem === 'refused' ? t('settings:notifications.pushRefused') : t(`push.${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}
