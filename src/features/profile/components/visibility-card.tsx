import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '@/db/commands/profile';
import type { ProfileDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { SectionCard } from '@/components/section-card';

type Visibility = ProfileDoc['visibility'];
const LEVELS: readonly Visibility[] = ['public', 'friends', 'private'];
const isVisibility = (v: string): v is Visibility => (LEVELS as readonly string[]).includes(v);

/**
 * Who sees me: public, friends only, private, each explained in one sentence. A choice is saved at once
 * (local write plus a queued update, so it works offline); the server's rules apply it everywhere.
 */
export function VisibilityCard({
  db,
  userId,
  visibility,
}: {
  db: SpotterDatabase;
  userId: string;
  visibility: Visibility;
}) {
  const { t } = useTranslation(['profile', 'validation']);
  const [saving, setSaving] = useState(false);

  const choose = async (value: string) => {
    if (!isVisibility(value) || value === visibility) return;
    if (!userId) {
      toastError(t('validation:profile.signInRequired'));
      return;
    }
    setSaving(true);
    let result: Awaited<ReturnType<typeof updateProfile>>;
    try {
      result = await updateProfile({ db, userId }, { visibility: value });
    } catch (error) {
      // A bug or a storage failure (not an expected refusal): say so.
      console.error(error);
      toastError(t('privacy.failed'));
      return;
    } finally {
      setSaving(false);
    }
    if (!result.ok) {
      toastError(
        result.error.code === 'not_signed_in' ? t('validation:profile.signInRequired') : t('privacy.failed'),
      );
      return;
    }
    toastSuccess(t('edit.saved'));
  };

  return (
    <SectionCard id="profile-visibility" title={t('privacy.heading')}>
      <Radio.Group
        value={visibility}
        onChange={(value) => void choose(value)}
        aria-labelledby="profile-visibility"
      >
        <Stack gap="sm">
          {LEVELS.map((level) => (
            <Radio
              key={level}
              value={level}
              label={t(`privacy.${level}.label`)}
              description={t(`privacy.${level}.description`)}
              disabled={saving}
            />
          ))}
        </Stack>
      </Radio.Group>
    </SectionCard>
  );
}
