import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateRegisterB } from '@/domain/validation';
import { useAuthState } from '@/lib/auth/use-auth-state';
import { updatePassword } from '../data/auth-actions';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { AuthCard } from './auth-card';

/**
 * Reached from the recovery e-mail's link (the auth client reads the session from the URL and reports
 * PASSWORD_RECOVERY) or by a signed-in user. Saves a new password of at least 8 characters.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const auth = useAuthState();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateRegisterB>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same password rules as sign-up (the username rule is satisfied on purpose, not checked here).
    const { password: passwordError, confirmPassword } = validateRegisterB({
      username: 'ok!',
      email: 'a@b.cd',
      password,
      confirmPassword: confirm,
    });
    const found = {
      ...(passwordError === undefined ? {} : { password: passwordError }),
      ...(confirmPassword === undefined ? {} : { confirmPassword }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await updatePassword(password);
    setBusy(false);
    if (result.ok) {
      toastSuccess(t('toast.passwordUpdated'));
      await navigate({ to: '/home' });
    } else toastError(result.message);
  };

  const hasSession = auth.status === 'signedIn' || auth.status === 'recovery';
  return (
    <AuthCard
      icon={<IconKey size={26} />}
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          {t('resetPassword.backToSignIn')}
        </Anchor>
      }
    >
      {auth.status === 'loading' ? (
        <Center py="md" role="status" aria-label={t('session.verifying')}>
          <Loader type="dots" />
        </Center>
      ) : !hasSession ? (
        <Alert color="orange" variant="light" role="alert">
          {t('resetPassword.noSession')}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <PasswordInput
              label={t('resetPassword.password')}
              description={t('register.passwordHint')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password === undefined ? undefined : t(errors.password)}
            />
            <PasswordInput
              label={t('resetPassword.confirmPassword')}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={errors.confirmPassword === undefined ? undefined : t(errors.confirmPassword)}
            />
            <Button type="submit" size="md" loading={busy} fullWidth>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
