import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import classes from './public-footer.module.css';

/** The spec's footer: sign in, register, legal notice (impressum) and privacy (datenschutz). */
export function PublicFooter() {
  const { t } = useTranslation();
  const links = [
    { to: '/login', label: t('nav.signIn') },
    { to: '/register', label: t('nav.register') },
    { to: '/impressum', label: t('nav.impressum') },
    { to: '/datenschutz', label: t('nav.privacy') },
  ] as const;

  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <BrandMark size={28} />
            <Text size="sm" c="dimmed">
              {t('footer.motto')}
            </Text>
          </Stack>
          <nav aria-label={t('nav.footer')}>
            <Group gap="md" style={{ rowGap: 4 }} component="ul" className={classes.links}>
              {links.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to} size="sm" c="dimmed" className={classes.link}>
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </nav>
        </Group>
        <Text size="xs" c="dimmed" mt="lg">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
