import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import classes from './public-shell.module.css';

/** The frame of every public page: header, the page, footer. The signed-in app shell is a separate layout. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.shell}>
      <a className={classes.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <PublicHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
