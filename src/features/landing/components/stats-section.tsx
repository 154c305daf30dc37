import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STATS = ['languages', 'gyms', 'challenge', 'restXp'] as const;

export function StatsSection() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.section} aria-labelledby="stats-title">
      <Container size="lg">
        <Title order={2} ta="center" mb={40} id="stats-title">
          {t('stats.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" component="dl" style={{ margin: 0 }}>
          {STATS.map((key) => (
            <Stack key={key} gap={4} align="center" ta="center">
              <Text component="dt" c="dimmed" size="sm" maw={180}>
                {t(`stats.${key}.label`)}
              </Text>
              {/* The figure reads first on screen; in the markup the term precedes its value, as a dl wants. */}
              <Text component="dd" className={classes.stat} m={0} style={{ order: -1 }}>
                {t(`stats.${key}.value`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
