import { Burger, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkTo, MAIN_SECTIONS } from './app-nav-items';
import classes from './app-shell.module.css';

// Spec: on small screens (here: below md, where the sidebar is hidden) a burger lists Home, Schedule, Gym.
const BURGER_SECTIONS = MAIN_SECTIONS.filter((section) => section.path !== '/profile');

export function AppBurgerMenu() {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={200}
      shadow="md"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Burger
          opened={opened}
          size="sm"
          className={classes.burger}
          aria-label={t('header.openMenu')}
          data-shell-part="burger"
        />
      </Menu.Target>
      <Menu.Dropdown>
        {BURGER_SECTIONS.map((section) => {
          const Icon = section.icon;
          return (
            <Menu.Item
              key={section.path}
              component={Link}
              to={linkTo(section.path)}
              leftSection={<Icon size={18} aria-hidden />}
            >
              {t(section.path === '/schedule' ? 'nav.schedule' : section.label)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
