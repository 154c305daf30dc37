import { Badge, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppPreview } from './app-preview';
import { InstallButton } from './install-button';
import classes from './landing.module.css';
import { SocialProof } from './social-proof';

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.hero}>
      <Container size="lg" pt={{ base: 40, sm: 88 }} pb={{ base: 40, sm: 72 }}>
        <Grid gap={{ base: 40, md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack align="flex-start" gap="lg" justify="center">
              <Badge variant="light" size="lg" radius="xl">
                {t('hero.eyebrow')}
              </Badge>
              <Title order={1}>{t('hero.title')}</Title>
              <Text size="lg" c="dimmed" maw={560} lh={1.6}>
                {t('hero.description')}
              </Text>
              <Group gap="sm" w="100%">
                <Button component={Link} to="/register" size="lg" className={classes.cta}>
                  {t('hero.register')}
                </Button>
                <Button component={Link} to="/login" size="lg" variant="default" className={classes.cta}>
                  {t('hero.signIn')}
                </Button>
              </Group>
              <InstallButton />
              <SocialProof />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Group justify="center">
              <AppPreview />
            </Group>
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}
