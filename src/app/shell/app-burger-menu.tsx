import { Burger } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLazyMenu } from './app-lazy-menu';
import classes from './app-shell.module.css';

/**
 * Below md (no sidebar) the desktop header's burger lists Home, Schedule and Gym (spec). The menu itself
 * loads on demand (app-lazy-menu.tsx); this is its trigger.
 */
export function AppBurgerMenu() {
  const { t } = useTranslation('shell');
  const menu = useLazyMenu();
  const target = (
    <Burger
      opened={menu.opened}
      size="sm"
      className={classes.burger}
      aria-label={t('header.openMenu')}
      data-shell-part="burger"
      {...menu.triggerProps}
    />
  );
  if (menu.menus === null) return menu.beforeLoad(target);
  return <menu.menus.BurgerMenu opened={menu.opened} onChange={menu.setOpened} target={target} />;
}
