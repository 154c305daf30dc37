import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.section} aria-labelledby="closing-title">
      <Container size="lg">
        <Stack className={classes.closing} align="center" ta="center" gap="md">
          <Title order={2} id="closing-title" c="white">
            {t('closing.title')}
          </Title>
          <Text size="lg" maw={560} lh={1.6} c="white">
            {t('closing.description')}
          </Text>
          <Group justify="center" gap="sm" mt="sm">
            <Button component={Link} to="/register" size="lg" variant="white" className={classes.cta}>
              {t('closing.register')}
            </Button>
            <Button
              component={Link}
              to="/login"
              size="lg"
              variant="outline"
              color="white"
              className={classes.cta}
            >
              {t('closing.signIn')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
