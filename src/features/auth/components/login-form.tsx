import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState, type FormEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import { useTranslation } from 'react-i18next';
import {
  INVALID_CREDENTIALS_KEY,
  isValid,
  validateLogin,
  type LoginForm as LoginValues,
} from '@/domain/validation';
import { getAuthClient } from '@/lib/auth/auth-client';
import { resendVerification, signIn, signOut } from '../data/auth-actions';
import { needsSecondFactor } from '../data/second-factor';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { TwoFactorChallenge } from './two-factor-challenge';

interface LoginFormProps {
  onForgotPassword: (email: string) => void;
}

type Problem = { kind: 'invalidCredentials' } | { kind: 'unverified' } | null;

export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<ReturnType<typeof validateLogin>>({});
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // An account with an authenticator app: the aal1 session waiting for its code (the app opens after it).
  const [codeFor, setCodeFor] = useState<Session | null>(null);

  const enter = async () => {
    toastSuccess(t('toast.welcomeBack'));
    await navigate({ to: '/home' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setProblem(null);
    if (!isValid(found)) return;
    setBusy(true);
    const result = await signIn(values.email, values.password, remember);
    setBusy(false);
    if (result.ok) {
      // Read from the client: the session store hears of the sign-in a moment later.
      const { data } = await getAuthClient().auth.getSession();
      if (data.session !== null && needsSecondFactor(data.session)) setCodeFor(data.session);
      else await enter();
    } else if (result.kind === 'invalidCredentials') {
      setProblem({ kind: 'invalidCredentials' });
    } else if (result.kind === 'unverified') {
      setProblem({ kind: 'unverified' });
    } else {
      toastError(result.message, { title: t('toast.signInFailed') });
    }
  };

  const resend = async () => {
    setResending(true);
    const result = await resendVerification(values.email);
    setResending(false);
    if (result.ok) toastSuccess(t('toast.verificationSent'));
    else toastError(result.message);
  };

  const set = (field: keyof LoginValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  if (codeFor !== null) {
    return (
      <Suspense fallback={null}>
        <TwoFactorChallenge
          session={codeFor}
          onVerified={enter}
          onCancel={async () => {
            setCodeFor(null);
            await signOut();
          }}
        />
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {problem?.kind === 'invalidCredentials' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {t(INVALID_CREDENTIALS_KEY)}
          </Alert>
        )}
        {problem?.kind === 'unverified' && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap="xs" align="flex-start">
              {t('login.unverified')}
              <Button
                size="xs"
                variant="light"
                color="orange"
                loading={resending}
                onClick={() => void resend()}
              >
                {t('login.resend')}
              </Button>
            </Stack>
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email === undefined ? undefined : t(errors.email)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password === undefined ? undefined : t(errors.password)}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label={t('login.rememberMe')}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(values.email)}>
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={busy} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
