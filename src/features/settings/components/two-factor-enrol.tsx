import { Alert, Button, Code, CopyButton, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmTotpEnrolment, normalizeTotpCode, type TotpEnrolment } from '../data/two-factor';

/** An SVG data URL of the otpauth URI. qrcode is loaded only when someone sets up two-factor. */
async function qrDataUrl(uri: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface TwoFactorEnrolProps {
  enrolment: TotpEnrolment;
  onDone: () => void;
  onCancel: () => void;
}

/** Step two of setting up: scan (or type) the secret, then prove it works with one code. */
export function TwoFactorEnrol({ enrolment, onDone, onCancel }: TwoFactorEnrolProps) {
  const { t } = useTranslation('settings');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void qrDataUrl(enrolment.uri).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [enrolment.uri]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = normalizeTotpCode(code);
    if (digits === null) {
      setError(t('twoFactor.errors.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await confirmTotpEnrolment(enrolment.factorId, digits);
    setBusy(false);
    if (result.ok) onDone();
    else setError(t(result.key, { message: result.message }));
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('twoFactor.step1')}</Text>
      {qr === null ? (
        <Loader size="sm" aria-label={t('twoFactor.qrAlt')} />
      ) : (
        // The QR code keeps a white quiet zone in dark mode too: scanners need the contrast.
        <Image src={qr} alt={t('twoFactor.qrAlt')} w={200} h={200} bg="white" radius="md" p={4} />
      )}
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('twoFactor.step2')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            aria-label={t('twoFactor.secretLabel')}
            data-testid="totp-secret"
            fz="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('twoFactor.step3')}</Text>
          <TextInput
            label={t('twoFactor.code')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            w={180}
            error={error !== null}
            aria-describedby={error === null ? undefined : 'two-factor-enrol-error'}
          />
          {error !== null && (
            <Alert
              id="two-factor-enrol-error"
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
            >
              {error}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {t('twoFactor.verify')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
