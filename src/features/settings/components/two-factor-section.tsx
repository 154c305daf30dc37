import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listTotpFactors,
  removeFactor,
  startTotpEnrolment,
  type TotpEnrolment,
  type TotpFactor,
  type TwoFactorFailure,
} from '../data/two-factor';
import { formatDate as formatInstantDate } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { toastSuccess } from '@/lib/feedback/toast';
import { SettingsSection } from './settings-section';
import { TwoFactorEnrol } from './two-factor-enrol';

type Factors =
  | { status: 'loading' }
  | { status: 'failed'; failure: TwoFactorFailure }
  | { status: 'ready'; factors: TotpFactor[] };

/** Two-factor (TOTP): status, set up with a QR code and secret, remove the authenticator. */
export function TwoFactorSection() {
  const { t } = useTranslation('settings');
  const [factors, setFactors] = useState<Factors>({ status: 'loading' });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TwoFactorFailure | null>(null);
  const [removing, setRemoving] = useState<TotpFactor | null>(null);

  // Bumped to list the factors again (after a change, or a retry).
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    void listTotpFactors().then((result) => {
      if (!current) return;
      setFactors(
        result.ok ? { status: 'ready', factors: result.value } : { status: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
  }, [generation]);

  const load = () => {
    setFactors({ status: 'loading' });
    setGeneration((value) => value + 1);
  };

  const start = async () => {
    setBusy(true);
    setProblem(null);
    const result = await startTotpEnrolment(`${t('twoFactor.factorName')} ${new Date().toISOString()}`);
    setBusy(false);
    if (result.ok) setEnrolment(result.value);
    else setProblem(result);
  };

  const cancel = async () => {
    const abandoned = enrolment;
    setEnrolment(null);
    // An unverified factor is harmless, but removing it keeps the account tidy.
    if (abandoned !== null) await removeFactor(abandoned.factorId);
  };

  const finish = async () => {
    setEnrolment(null);
    toastSuccess(t('twoFactor.enrolled'));
    load();
  };

  const confirmRemove = async () => {
    if (removing === null) return;
    setBusy(true);
    const result = await removeFactor(removing.id);
    setBusy(false);
    setRemoving(null);
    if (result.ok) {
      toastSuccess(t('twoFactor.removed'));
      load();
    } else setProblem(result);
  };

  const locale = useFormatLocale();
  const formatDate = (iso: string) => formatInstantDate(iso, locale);

  const enabled = factors.status === 'ready' && factors.factors.length > 0;

  return (
    <SettingsSection title={t('twoFactor.heading')}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('twoFactor.intro')}
        </Text>
        {factors.status === 'ready' && (
          <Badge
            color={enabled ? 'teal' : 'gray'}
            variant="light"
            data-testid="two-factor-status"
            style={{ flexShrink: 0 }}
          >
            {enabled ? t('twoFactor.enabled') : t('twoFactor.disabled')}
          </Badge>
        )}
      </Group>

      {problem !== null && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {t(problem.key, { message: problem.message })}
        </Alert>
      )}

      {factors.status === 'loading' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('twoFactor.loading')}</Text>
        </Group>
      )}

      {factors.status === 'failed' && (
        <Alert role="alert" color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            {factors.failure.key === 'twoFactor.offline' ? t('twoFactor.offline') : t('twoFactor.loadFailed')}
            <Button size="xs" variant="light" color="orange" onClick={() => load()}>
              {t('twoFactor.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {factors.status === 'ready' &&
        factors.factors.map((factor) => (
          <Paper key={factor.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconShieldCheck size={22} aria-hidden color="var(--mantine-color-teal-6)" />
                <div>
                  <Text size="sm" fw={600}>
                    {t('twoFactor.factorName')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('twoFactor.addedOn', { date: formatDate(factor.createdAt) })}
                  </Text>
                </div>
              </Group>
              <Button size="xs" variant="light" color="red" onClick={() => setRemoving(factor)}>
                {t('twoFactor.remove')}
              </Button>
            </Group>
          </Paper>
        ))}

      {factors.status === 'ready' && !enabled && enrolment === null && (
        <Button
          leftSection={<IconShieldLock size={18} aria-hidden />}
          loading={busy}
          onClick={() => void start()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('twoFactor.setUp')}
        </Button>
      )}

      {enrolment !== null && (
        <TwoFactorEnrol enrolment={enrolment} onDone={() => void finish()} onCancel={() => void cancel()} />
      )}

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('twoFactor.removeTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.removeBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('twoFactor.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmRemove()}>
              {t('twoFactor.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
