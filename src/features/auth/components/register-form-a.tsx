import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeUsername } from '@/domain/identity';
import { isValid, validateRegisterA, type RegisterAForm } from '@/domain/validation';
import { AccountFields } from './account-fields';
import { useFormValues } from './use-form-values';

interface RegisterFormAProps {
  busy: boolean;
  onSubmit: (email: string, password: string, data: Record<string, string>) => void;
}

/** Variant A (default): first and last name, e-mail, password, confirmation, terms. */
export function RegisterFormA({ busy, onSubmit }: RegisterFormAProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const { values, text, check } = useFormValues<RegisterAForm>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateRegisterA>>({});
  const message = (field: keyof RegisterAForm) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegisterA(values);
    setErrors(found);
    if (!isValid(found)) return;
    const firstName = values.firstName.trim();
    // The profile's username starts as the first name (the server trims and cuts it the same way).
    onSubmit(values.email, values.password, {
      username: normalizeUsername(firstName),
      first_name: firstName,
      last_name: values.lastName.trim(),
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={text('firstName')}
            error={message('firstName')}
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={text('lastName')}
            error={message('lastName')}
          />
        </Group>
        <AccountFields values={values} text={text} message={message} />
        <Checkbox
          checked={values.acceptTerms}
          onChange={check('acceptTerms')}
          error={message('acceptTerms')}
          label={
            <>
              {t('register.acceptTermsBefore')}{' '}
              <Anchor component={Link} to="/terms" target="_blank" inherit underline="always">
                {t('register.termsLink')}
              </Anchor>{' '}
              {t('register.acceptTermsMiddle')}{' '}
              <Anchor component={Link} to="/datenschutz" target="_blank" inherit underline="always">
                {t('register.privacyLink')}
              </Anchor>
            </>
          }
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
