import { Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconConfetti, IconMapPinCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STEPS = [
  { key: 'plan', icon: IconCalendarCheck },
  { key: 'checkIn', icon: IconMapPinCheck },
  { key: 'celebrate', icon: IconConfetti },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.section} aria-labelledby="how-it-works">
      <Container size="lg">
        <Title order={2} ta="center" mb={40} id="how-it-works">
          {t('steps.title')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="lg"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {STEPS.map(({ key, icon: Icon }, index) => (
            <Card key={key} withBorder radius="lg" padding="lg" component="li">
              <Group gap="sm" mb="sm" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} stroke={1.75} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  <span className={classes.stepNumber}>{index + 1}.</span> {t(`steps.${key}.title`)}
                </Title>
              </Group>
              <Text c="dimmed" lh={1.6}>
                {t(`steps.${key}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
