import {
  Alert,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '@/db/commands/profile';
import { updateProfileDetails } from '@/db/commands/profile-details';
import type { ProfileDetails } from '@/db/local-state';
import type { ProfileDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import { USERNAME_MAX, USERNAME_MIN, formatHandle } from '@/domain/identity';
import { formatDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import type { RefusedProfileWrite } from '../data/use-refused-profile-writes';
import {
  FITNESS_LEVELS,
  GENDERS,
  GOALS,
  LIMITS,
  NAME_MAX,
  PHONE_MAX,
  WORKOUT_TIMES,
  formValues,
  keptUsername,
  profilePatches,
  validateProfileForm,
  type FieldError,
  type FormErrors,
  type FormField,
  type ProfileFormValues,
} from '../model/profile-form';
import { toastError, toastSuccess } from '@/lib/feedback/toast';

type EditProfile = Pick<ProfileDoc, 'username' | 'discriminator' | 'first_name' | 'last_name' | 'timezone'>;

/** The decimal separator of the user's language (de, it: a comma). */
function decimalSeparatorOf(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** `name#0042`, or null while the row's discriminator is not a valid one. */
function handleOf(profile: EditProfile): string | null {
  try {
    return formatHandle(profile.username, profile.discriminator);
  } catch {
    return null;
  }
}

/** Cuts what is typed at 12 characters (code points, as the server counts), so typing stops there. */
// A refusal names what was refused: the visibility or the picture alone has the spec's own message.
const REFUSAL_TITLE = {
  profile: 'edit.failed',
  privacy: 'privacy.failed',
  picture: 'picture.failed',
} as const satisfies Record<RefusedProfileWrite['kind'], string>;

const cutUsername = (s: string) => Array.from(s).slice(0, USERNAME_MAX).join('');

/**
 * Edit profile: username, first and last name and the owner-only details (spec point 3). Saving writes
 * locally at once and queues one update per changed row (the commands); the form follows the stored
 * profile while untouched, so a rollback after a refusal or an edit from another device shows here.
 */
export function EditProfileCard({
  db,
  userId,
  profile,
  details,
  refused,
  onDismissRefused,
}: {
  db: SpotterDatabase;
  userId: string;
  profile: EditProfile;
  /** null: the owner-only details have not synced to this device yet. */
  details: ProfileDetails | null;
  refused: readonly RefusedProfileWrite[];
  onDismissRefused: (key: string) => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'validation']);
  const language = i18n.language;
  const locale = useFormatLocale();
  const stored = useMemo(() => formValues(profile, details), [profile, details]);
  // null while untouched: the form then shows what is stored (own saves, rollbacks, other devices' edits).
  // `savedOver`: the stored values a save was made over; the saved values stay on screen until the live
  // query brings the written ones (a tick later), so the form does not flash the old values.
  const [edits, setEdits] = useState<{
    values: ProfileFormValues;
    savedOver: ProfileFormValues | null;
  } | null>(null);
  const showEdits = edits !== null && (edits.savedOver === null || edits.savedOver === stored);
  const values = showEdits ? edits.values : stored;
  const dirty = showEdits && edits.savedOver === null;
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends FormField>(field: K, value: ProfileFormValues[K]) => {
    setEdits((previous) => {
      const shown =
        previous !== null && (previous.savedOver === null || previous.savedOver === stored)
          ? previous.values
          : stored;
      return { values: { ...shown, [field]: value }, savedOver: null };
    });
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const errorOf = (field: FormField) => {
    const error: FieldError | undefined = errors[field];
    return error ? t(`edit.errors.${error.key}`, error.values) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      toastError(t('validation:profile.signInRequired'));
      return;
    }
    const today = todayIn(resolveTimeZone(profile.timezone), new Date());
    const found = validateProfileForm(values, today);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      toastError(t('edit.failed'));
      // Focus the first field with a message so keyboard and screen-reader users land on it.
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const patches = profilePatches(values, profile, details);
    setSaving(true);
    const ctx = { db, userId };
    const results = [];
    try {
      if (Object.keys(patches.profile).length > 0) results.push(await updateProfile(ctx, patches.profile));
      if (Object.keys(patches.details).length > 0) {
        results.push(await updateProfileDetails(ctx, patches.details));
      }
    } catch (error) {
      // A bug or a storage failure (not an expected refusal): say so instead of spinning for good.
      console.error(error);
      toastError(t('edit.failed'));
      return;
    } finally {
      setSaving(false);
    }
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      toastError(
        failed.error.code === 'not_signed_in' ? t('validation:profile.signInRequired') : t('edit.failed'),
      );
      return;
    }
    setEdits({ values, savedOver: stored });
    toastSuccess(t('edit.saved'));
  };

  const reset = () => {
    setEdits(null);
    setErrors({});
  };

  const kept = keptUsername(values.username);
  const handle = handleOf(profile);
  const decimalSeparator = decimalSeparatorOf(language);
  const today = todayIn(resolveTimeZone(profile.timezone), new Date());
  const birthText =
    values.birth_date !== '' && !errors.birth_date && /^\d{4}-\d{2}-\d{2}$/.test(values.birth_date)
      ? formatDay(values.birth_date, locale, { dateStyle: 'long' })
      : null;

  const labels = {
    genders: (key: (typeof GENDERS)[number]) => t(`edit.genders.${key}`),
    levels: (key: (typeof FITNESS_LEVELS)[number]) => t(`edit.levels.${key}`),
    goals: (key: (typeof GOALS)[number]) => t(`edit.goals.${key}`),
    times: (key: (typeof WORKOUT_TIMES)[number]) => t(`edit.times.${key}`),
  };
  const options = <K extends string>(keys: readonly K[], label: (key: K) => string, current: string) => [
    { value: '', label: t('edit.notSet') },
    ...keys.map((key) => ({ value: key, label: label(key) })),
    // A value stored by another client that this list does not know: kept and shown as it is.
    ...(current !== '' && !(keys as readonly string[]).includes(current)
      ? [{ value: current, label: current }]
      : []),
  ];
  const measure = (field: keyof typeof LIMITS, label: string, decimals: boolean) => (
    <NumberInput
      label={label}
      value={values[field]}
      onChange={(value) => set(field, value)}
      min={LIMITS[field].min}
      max={LIMITS[field].max}
      clampBehavior="none"
      allowDecimal={decimals}
      decimalScale={decimals ? 1 : 0}
      decimalSeparator={decimalSeparator}
      allowNegative={false}
      hideControls
      inputMode={decimals ? 'decimal' : 'numeric'}
      error={errorOf(field)}
    />
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="edit-profile"
    >
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4" id="edit-profile">
            {t('edit.heading')}
          </Title>

          {refused.map((write) => (
            <Alert key={write.key} color="red" role="alert" title={t(REFUSAL_TITLE[write.kind])}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">{t('edit.refused')}</Text>
                <CloseButton aria-label={t('edit.dismiss')} onClick={() => onDismissRefused(write.key)} />
              </Group>
            </Alert>
          ))}

          <TextInput
            label={t('edit.username')}
            value={values.username}
            onChange={(event) => set('username', cutUsername(event.currentTarget.value))}
            description={
              kept !== null && kept !== ''
                ? t('edit.usernameKept', { name: kept })
                : t('edit.usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX, handle: handle ?? '' })
            }
            error={errorOf('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('edit.firstName')}
              value={values.first_name}
              onChange={(event) => set('first_name', event.currentTarget.value)}
              error={errorOf('first_name')}
              maxLength={NAME_MAX}
              autoComplete="given-name"
            />
            <TextInput
              label={t('edit.lastName')}
              value={values.last_name}
              onChange={(event) => set('last_name', event.currentTarget.value)}
              error={errorOf('last_name')}
              maxLength={NAME_MAX}
              autoComplete="family-name"
            />
          </SimpleGrid>

          {details === null ? (
            <Text size="sm" c="dimmed">
              {t('edit.detailsNotSynced')}
            </Text>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {t('edit.detailsPrivate')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('edit.phone')}
                  type="tel"
                  value={values.phone}
                  onChange={(event) => set('phone', event.currentTarget.value)}
                  error={errorOf('phone')}
                  maxLength={PHONE_MAX}
                  autoComplete="tel"
                />
                <TextInput
                  label={t('edit.birthDate')}
                  type="date"
                  value={values.birth_date}
                  onChange={(event) => set('birth_date', event.currentTarget.value)}
                  min="1900-01-01"
                  max={today}
                  description={birthText}
                  error={errorOf('birth_date')}
                  autoComplete="bday"
                />
                <NativeSelect
                  label={t('edit.gender')}
                  value={values.gender}
                  onChange={(event) => set('gender', event.currentTarget.value)}
                  data={options(GENDERS, labels.genders, values.gender)}
                />
                <NativeSelect
                  label={t('edit.fitnessLevel')}
                  value={values.fitness_level}
                  onChange={(event) => set('fitness_level', event.currentTarget.value)}
                  data={options(FITNESS_LEVELS, labels.levels, values.fitness_level)}
                />
                {measure('height_cm', t('edit.height'), true)}
                {measure('weight_kg', t('edit.weight'), true)}
                {measure('target_weight_kg', t('edit.targetWeight'), true)}
                {measure('workout_duration_min', t('edit.workoutDuration'), false)}
                <NativeSelect
                  label={t('edit.primaryGoal')}
                  value={values.primary_goal}
                  onChange={(event) => set('primary_goal', event.currentTarget.value)}
                  data={options(GOALS, labels.goals, values.primary_goal)}
                />
                <NativeSelect
                  label={t('edit.secondaryGoal')}
                  value={values.secondary_goal}
                  onChange={(event) => set('secondary_goal', event.currentTarget.value)}
                  data={options(GOALS, labels.goals, values.secondary_goal)}
                />
                <NativeSelect
                  label={t('edit.workoutTime')}
                  value={values.preferred_workout_time}
                  onChange={(event) => set('preferred_workout_time', event.currentTarget.value)}
                  data={options(WORKOUT_TIMES, labels.times, values.preferred_workout_time)}
                />
              </SimpleGrid>
            </>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={reset} disabled={!dirty || saving}>
              {t('edit.reset')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
