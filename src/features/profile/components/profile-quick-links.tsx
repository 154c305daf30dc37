// Jump links in /profile's action group (the walkthrough's last step highlights it and promises "edit your
// profile, invite friends or add one by their ID"). On a phone the page is several screens long (card,
// edit, photo, visibility, invite, friends, discover), so each link scrolls its section's heading into
// view and moves focus there, as a skip link does, keeping keyboard and screen reader users in step.
import { Button } from '@mantine/core';
import { IconLink, IconPencil, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The section headings the links jump to (the ids the sections give their h2). */
const TARGETS = [
  { id: 'edit-profile', label: 'page.jumpEdit', Icon: IconPencil },
  { id: 'invite', label: 'page.jumpInvite', Icon: IconLink },
  { id: 'friends', label: 'page.jumpFriends', Icon: IconUsers },
] as const;

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** How far down a sticky or fixed bar (the app's header) covers the top of the viewport, in pixels. */
function coveredTop(): number {
  let element = document.elementFromPoint?.(window.innerWidth / 2, 1) ?? null;
  while (element && element !== document.body) {
    const { position } = getComputedStyle(element);
    if (position === 'sticky' || position === 'fixed') return element.getBoundingClientRect().bottom;
    element = element.parentElement;
  }
  return 0;
}

/** Scrolls the heading with `id` into view and focuses it (programmatically focusable, not in tab order). */
export function jumpToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  // Below the sticky header, not under it.
  target.style.scrollMarginTop = `${Math.ceil(coveredTop()) + 12}px`;
  target.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}

export function ProfileQuickLinks() {
  const { t } = useTranslation('profile');
  return (
    <>
      {TARGETS.map(({ id, label, Icon }) => (
        <Button
          key={id}
          component="a"
          href={`#${id}`}
          variant="light"
          size="compact-md"
          leftSection={<Icon size={16} aria-hidden />}
          onClick={(event) => {
            // A plain fragment link moves no focus; with the heading missing (still loading) it stays one.
            if (jumpToSection(id)) event.preventDefault();
          }}
        >
          {t(label)}
        </Button>
      ))}
    </>
  );
}
