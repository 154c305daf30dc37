import { PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type AccountField = 'email' | 'password' | 'confirmPassword';

interface AccountFieldsProps {
  values: Record<AccountField, string>;
  text: (field: AccountField) => (event: ChangeEvent<HTMLInputElement>) => void;
  message: (field: AccountField) => string | undefined;
}

/** E-mail, new password and its confirmation: the part both registration variants share. */
export function AccountFields({ values, text, message }: AccountFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextInput
        label={t('register.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={text('email')}
        error={message('email')}
      />
      <PasswordInput
        label={t('register.password')}
        description={t('register.passwordHint')}
        autoComplete="new-password"
        value={values.password}
        onChange={text('password')}
        error={message('password')}
      />
      <PasswordInput
        label={t('register.confirmPassword')}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={text('confirmPassword')}
        error={message('confirmPassword')}
      />
    </>
  );
}
