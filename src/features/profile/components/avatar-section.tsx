import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { online$ } from '@/db/sync-status';
import type { ProfileDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { useLiveValue } from '@/db/use-live-query';
import { AVATAR_IDS, avatarPath, type AvatarId } from '@/domain/avatars';
import { UserAvatar } from '@/components/user-avatar';
import {
  chooseAvatar,
  removePhoto,
  uploadPhoto,
  type PhotoStorage,
  type PictureResult,
  type UploadStage,
} from '../data/profile-picture';
import { PHOTO_ACCEPT, isAcceptablePhoto } from '../model/avatar-photo';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { SectionCard } from '@/components/section-card';

/** navigator.onLine, live; one shared source. */
const browserOnline$ = online$();

const STAGE_PERCENT: Record<UploadStage, number> = { resizing: 20, uploading: 60, saving: 90 };

type PictureProfile = Pick<ProfileDoc, 'username' | 'avatar_id' | 'profile_picture_url'>;

/**
 * Avatar and photo: pick one of the nine avatars (saved at once, offline too) or upload a photo (resized
 * here to a small square, uploaded online only), and remove it again. The spec's avatar rule decides what
 * everyone sees: a photo wins over the avatar, so while one is set the choice says so.
 */
export function AvatarSection({
  db,
  userId,
  profile,
  storage,
}: {
  db: SpotterDatabase;
  userId: string;
  profile: PictureProfile;
  storage: PhotoStorage;
}) {
  const { t } = useTranslation(['profile', 'validation']);
  const online = useLiveValue(browserOnline$) ?? true;
  const [stage, setStage] = useState<UploadStage | 'removing' | null>(null);
  const [choosing, setChoosing] = useState(false);
  // A photo whose upload failed stays here for "Try again": nothing the user picked is lost.
  const [retryFile, setRetryFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const ctx = { db, userId };
  const hasPhoto = Boolean(profile.profile_picture_url);
  const busy = stage !== null;

  const report = (result: PictureResult): boolean => {
    if (result.ok) return true;
    toastError(
      result.reason === 'not_signed_in'
        ? t('validation:profile.signInRequired')
        : result.reason === 'too_many_uploads'
          ? t('picture.tooManyUploads')
          : t('picture.failed'),
    );
    return false;
  };

  const choose = async (id: AvatarId) => {
    if (choosing || id === profile.avatar_id) return;
    setChoosing(true);
    try {
      if (report(await chooseAvatar(ctx, id))) toastSuccess(t('edit.saved'));
    } catch (error) {
      console.error(error);
      toastError(t('picture.failed'));
    } finally {
      setChoosing(false);
    }
  };

  const upload = async (file: File | null) => {
    if (!file || busy) return;
    setFileError(null);
    if (!isAcceptablePhoto(file)) {
      setFileError(t('picture.notAnImage'));
      return;
    }
    if (!online) {
      setRetryFile(file);
      return;
    }
    try {
      const result = await uploadPhoto(ctx, storage, file, profile.profile_picture_url, setStage);
      if (report(result)) {
        setRetryFile(null);
        toastSuccess(t('picture.uploaded'));
      } else {
        setRetryFile(file);
      }
    } catch (error) {
      console.error(error);
      setRetryFile(file);
      toastError(t('picture.failed'));
    } finally {
      setStage(null);
    }
  };

  const remove = async () => {
    if (busy) return;
    setStage('removing');
    try {
      if (report(await removePhoto(ctx, storage, profile.profile_picture_url))) {
        toastSuccess(t('picture.removed'));
      }
    } catch (error) {
      console.error(error);
      toastError(t('picture.failed'));
    } finally {
      setStage(null);
    }
  };

  return (
    <SectionCard id="profile-picture" title={t('picture.heading')}>
      <Group gap="md" align="center" wrap="nowrap">
        <UserAvatar
          profile={profile}
          alt={t('picture.current')}
          size={96}
          radius="50%"
          data-testid="profile-picture-preview"
        />
        <Stack gap="xs">
          <Group gap="sm">
            <FileButton
              onChange={(file) => void upload(file)}
              accept={PHOTO_ACCEPT}
              disabled={busy || !online}
            >
              {(props) => (
                <Button
                  {...props}
                  disabled={busy || !online}
                  leftSection={<IconPhotoUp size={18} aria-hidden />}
                  loading={busy && stage !== 'removing'}
                >
                  {t('picture.upload')}
                </Button>
              )}
            </FileButton>
            {hasPhoto ? (
              <Button
                variant="default"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => void remove()}
                disabled={busy || !online}
                loading={stage === 'removing'}
              >
                {t('picture.remove')}
              </Button>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {online ? t('picture.hint') : t('picture.offline')}
          </Text>
        </Stack>
      </Group>

      {stage !== null && stage !== 'removing' ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t(`picture.stage.${stage}`)}</Text>
          <Progress value={STAGE_PERCENT[stage]} animated striped aria-label={t(`picture.stage.${stage}`)} />
        </Stack>
      ) : null}
      {fileError ? (
        <Alert color="red" role="alert">
          {fileError}
        </Alert>
      ) : null}
      {retryFile && stage === null ? (
        <Alert color="yellow" title={t('picture.kept', { name: retryFile.name })}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{online ? t('picture.retryHint') : t('picture.offline')}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => void upload(retryFile)} disabled={!online}>
                {t('picture.retry')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setRetryFile(null)}>
                {t('picture.discard')}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}

      <Stack gap="xs">
        <Text fw={500} id="profile-avatar-choice">
          {t('picture.avatars')}
        </Text>
        {hasPhoto ? (
          <Text size="sm" c="dimmed">
            {t('picture.photoWins')}
          </Text>
        ) : null}
        <SimpleGrid
          cols={{ base: 5, xs: 9 }}
          spacing="xs"
          role="group"
          aria-labelledby="profile-avatar-choice"
        >
          {AVATAR_IDS.map((id, index) => {
            const selected = profile.avatar_id === id;
            return (
              <UnstyledButton
                key={id}
                onClick={() => void choose(id)}
                aria-pressed={selected}
                aria-label={t('picture.avatar', { n: index + 1 })}
                disabled={choosing}
                style={{
                  borderRadius: '50%',
                  outline: selected ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: 2,
                  justifySelf: 'center',
                }}
              >
                <Avatar src={avatarPath(id)} alt="" size={48} radius="50%" />
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
