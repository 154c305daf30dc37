import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Session } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySignInCode } from '../data/second-factor';

interface TwoFactorChallengeProps {
  session: Session;
  onVerified: () => void | Promise<void>;
  onCancel: () => void | Promise<void>;
}

/** The sign-in code step: the 6-digit code from the authenticator app, before the app opens. */
export function TwoFactorChallenge({ session, onVerified, onCancel }: TwoFactorChallengeProps) {
  const { t } = useTranslation('settings');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await verifySignInCode(session, code);
    setBusy(false);
    if (result.ok) await onVerified();
    else setError(t(result.key, { message: result.message }));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-code-title">
      <Stack gap="md">
        <div>
          <Text id="sign-in-code-title" fw={700} size="lg">
            {t('signInCode.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('signInCode.description')}
          </Text>
        </div>
        {error !== null && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('twoFactor.code')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          data-autofocus
          error={error !== null}
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          {t('signInCode.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => void onCancel()}>
          {t('signInCode.cancel')}
        </Anchor>
      </Stack>
    </form>
  );
}
