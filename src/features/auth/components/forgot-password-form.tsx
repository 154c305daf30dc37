import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateLogin, type ValidationMessageKey } from '@/domain/validation';
import { sendPasswordReset } from '../data/auth-actions';
import { toastError, toastSuccess } from '@/lib/feedback/toast';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onDone: () => void;
}

/** Sends the reset e-mail; its link returns to /reset-password. */
export function ForgotPasswordForm({ initialEmail, onDone }: ForgotPasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<ValidationMessageKey | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin({ email, password: 'x' }).email;
    setError(problem);
    if (problem !== undefined) return;
    setBusy(true);
    const result = await sendPasswordReset(email);
    setBusy(false);
    if (result.ok) {
      toastSuccess(t('toast.resetSent'));
      onDone();
    } else toastError(result.message, { title: t('toast.resetFailed') });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="forgot-title">
      <Stack gap="md">
        <div>
          <Text fw={700} id="forgot-title">
            {t('forgot.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('forgot.description')}
          </Text>
        </div>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error === undefined ? undefined : t(error)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={onDone}>
            {t('forgot.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('forgot.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
