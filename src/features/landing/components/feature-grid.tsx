import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconCalendarEvent,
  IconFlame,
  IconMapPin,
  IconMoonStars,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const FEATURES = [
  { key: 'plan', icon: IconCalendarEvent },
  { key: 'rest', icon: IconMoonStars },
  { key: 'streak', icon: IconFlame },
  { key: 'gym', icon: IconMapPin },
  { key: 'friends', icon: IconUsersGroup },
  { key: 'challenge', icon: IconBolt },
] as const;

export function FeatureGrid() {
  const { t } = useTranslation('landing');
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="features-title">
      <Container size="lg">
        <Stack align="center" ta="center" gap="sm" mb={40}>
          <Title order={2} id="features-title">
            {t('features.title')}
          </Title>
          <Text c="dimmed" size="lg" maw={680} lh={1.6}>
            {t('features.intro')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <Icon size={24} stroke={1.75} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {t(`features.${key}.title`)}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {t(`features.${key}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
