import { Anchor, Button, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { ThemeToggle } from '@/components/theme-toggle';
import classes from './public-header.module.css';

export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('app.homeLink')}>
            <BrandMark />
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguagePicker />
            <ThemeToggle />
            <Button component={Link} to="/login" size="sm" h={34} visibleFrom="xs">
              {t('nav.signIn')}
            </Button>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
