import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarCheck, IconConfetti, IconMapPinCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './landing-page.module.css';

const steps = [
  { key: 'plan', icon: IconCalendarCheck },
  { key: 'checkIn', icon: IconMapPinCheck },
  { key: 'celebrate', icon: IconConfetti },
] as const;

export function LandingPage() {
  const { t } = useTranslation('landing');
  usePageTitle();
  return (
    <>
      <section className={classes.hero}>
        <Container size="md" pt={{ base: 48, sm: 96 }} pb={{ base: 40, sm: 64 }}>
          <Stack align="center" ta="center" gap="lg">
            <Badge variant="light" size="lg" radius="xl">
              {t('hero.eyebrow')}
            </Badge>
            <Title order={1} maw={720}>
              {t('hero.title')}
            </Title>
            <Text size="lg" c="dimmed" maw={620} lh={1.6}>
              {t('hero.description')}
            </Text>
            <Group justify="center" gap="sm" mt="sm" w="100%">
              <Button component={Link} to="/register" size="lg" className={classes.cta}>
                {t('hero.register')}
              </Button>
              <Button component={Link} to="/login" size="lg" variant="default" className={classes.cta}>
                {t('hero.signIn')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <Container
        size="lg"
        pt={{ base: 24, sm: 32 }}
        pb={{ base: 48, sm: 80 }}
        component="section"
        aria-labelledby="how-it-works"
      >
        <Title order={2} ta="center" mb="xl" id="how-it-works">
          {t('steps.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {steps.map(({ key, icon: Icon }, index) => (
            <Card key={key} withBorder radius="lg" padding="lg">
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
    </>
  );
}
