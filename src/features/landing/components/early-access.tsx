import { Badge, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlask, IconHeadset, IconMessageCircle, IconMedal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const POINTS = [
  { key: 'beta', icon: IconFlask },
  { key: 'founding', icon: IconMedal },
  { key: 'feedback', icon: IconMessageCircle },
  { key: 'support', icon: IconHeadset },
] as const;

export function EarlyAccess() {
  const { t } = useTranslation('landing');
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="early-access-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="sm" align="flex-start">
            <Badge variant="light" color="flame" size="lg" radius="xl">
              {t('earlyAccess.eyebrow')}
            </Badge>
            <Title order={2} id="early-access-title">
              {t('earlyAccess.title')}
            </Title>
            <Text c="dimmed" size="lg" lh={1.6}>
              {t('earlyAccess.description')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {POINTS.map(({ key, icon: Icon }) => (
              <Stack key={key} gap={6}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={36} radius="md" variant="light" color="flame" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Title order={3} fz="md">
                    {t(`earlyAccess.${key}.title`)}
                  </Title>
                </Group>
                <Text size="sm" c="dimmed" lh={1.6}>
                  {t(`earlyAccess.${key}.description`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Container>
    </section>
  );
}
