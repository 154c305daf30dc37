import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

// Sample members drawn for the landing page (public/avatars), so the row works offline.
const AVATARS = [1, 2, 3, 4, 5].map((n) => `/avatars/member-${n}.svg`);

export function SocialProof() {
  const { t } = useTranslation('landing');
  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      <div className={classes.avatars} role="img" aria-label={t('hero.avatarsLabel')}>
        {AVATARS.map((src) => (
          <img key={src} src={src} alt="" width={40} height={40} className={classes.avatar} />
        ))}
      </div>
      <Text size="sm" c="dimmed" ta="start" maw={260} lh={1.4}>
        {t('hero.socialProof')}
      </Text>
    </Group>
  );
}
