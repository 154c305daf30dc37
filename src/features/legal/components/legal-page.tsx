import { Alert, Anchor, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './legal-page.module.css';

export interface LegalSection {
  heading: string;
  /** Lines separated by \n keep their breaks (addresses, lists). */
  body: string;
}

interface LegalPageProps {
  icon: ReactNode;
  title: string;
  description: string;
  sections: readonly LegalSection[];
  /** Extra content after the sections. */
  children?: ReactNode;
}

const LINKS = [
  { to: '/impressum', key: 'nav.impressum' },
  { to: '/datenschutz', key: 'nav.privacy' },
  { to: '/terms', key: 'nav.terms' },
] as const;

/** A legal text: heading, the sample-data notice, numbered sections and links to the other legal pages. */
export function LegalPage({ icon, title, description, sections, children }: LegalPageProps) {
  const { t } = useTranslation('legal');
  usePageTitle(title);
  return (
    <Container size={760} py={{ base: 'xl', sm: 64 }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} fz="h2">
            {title}
          </Title>
        </Group>
        <Text size="lg" c="dimmed" lh={1.6}>
          {description}
        </Text>
        <Alert variant="light" color="flame" icon={<IconInfoCircle size={20} />}>
          {t('sampleNotice')}
        </Alert>
        {sections.map((section) => (
          <section key={section.heading} className={classes.section}>
            <Title order={2} fz="h4" mb={6}>
              {section.heading}
            </Title>
            <Text lh={1.7} className={classes.body}>
              {section.body}
            </Text>
          </section>
        ))}
        {children}
        <Text size="sm" c="dimmed">
          {t('lastUpdated')}
        </Text>
        <nav aria-label={t('nav.label')}>
          <Group gap="lg" component="ul" className={classes.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Anchor component={Link} to={link.to} size="sm" fw={600}>
                  {t(link.key)}
                </Anchor>
              </li>
            ))}
            <li>
              <Anchor component={Link} to="/" size="sm">
                {t('backHome')}
              </Anchor>
            </li>
          </Group>
        </nav>
      </Stack>
    </Container>
  );
}
