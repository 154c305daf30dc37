import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { USERNAME_MAX } from '@/domain/constants';
import { normalizeUsername } from '@/domain/identity';
import { isValid, validateRegisterB, type RegisterBForm } from '@/domain/validation';
import { AccountFields } from './account-fields';
import { useFormValues } from './use-form-values';

/**
 * What the username field keeps while typing: leading spaces dropped (sign-up trims them) and at most 12
 * characters, counted in code points as the server counts, so typing stops where the hint says and
 * nothing is cut silently at sign-up (a trailing space is still trimmed then).
 */
const typedUsername = (s: string) => Array.from(s.trimStart()).slice(0, USERNAME_MAX).join('');

interface RegisterFormBProps {
  busy: boolean;
  onSubmit: (email: string, password: string, data: Record<string, string>) => void;
}

/** Variant B: username (at least 3; trimmed and cut to 12 at sign-up), e-mail, password, confirmation. */
export function RegisterFormB({ busy, onSubmit }: RegisterFormBProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const { values, text } = useFormValues<RegisterBForm>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateRegisterB>>({});
  const message = (field: keyof RegisterBForm) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegisterB(values);
    setErrors(found);
    if (!isValid(found)) return;
    onSubmit(values.email, values.password, { username: normalizeUsername(values.username) });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('register.username')}
          description={t('register.usernameHint')}
          autoComplete="username"
          value={values.username}
          onChange={(event) =>
            text('username')({ currentTarget: { value: typedUsername(event.currentTarget.value) } })
          }
          error={message('username')}
        />
        <AccountFields values={values} text={text} message={message} />
        <Button type="submit" size="md" loading={busy} fullWidth>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
