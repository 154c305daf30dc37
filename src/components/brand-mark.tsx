import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface BrandMarkProps {
  /** Icon edge in px. */
  size?: number;
  withName?: boolean;
}

/** The Spotter logo: the app icon (same drawing as public/icons/icon.svg) and the name. */
export function BrandMark({ size = 32, withName = true }: BrandMarkProps) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <BrandIcon size={size} />
      {withName && (
        <Text component="span" fw={800} fz="lg" lh={1} style={{ letterSpacing: '-0.01em' }}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}

export function BrandIcon({ size = 32 }: { size?: number }) {
  // One gradient id per icon: with a shared id, an icon inside a hidden (display: none) part of the page,
  // such as the app shell's sidebar on a phone, leaves every later icon without its background.
  const gradient = `spotter-brand-bg-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8762f3" />
          <stop offset="1" stopColor="#4f27be" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <g fill="#fff" transform="rotate(-35 32 32)">
        <rect x="9" y="24" width="6" height="16" rx="2" />
        <rect x="16" y="18" width="7" height="28" rx="2.5" />
        <rect x="23" y="29" width="18" height="6" rx="1.5" />
        <rect x="41" y="18" width="7" height="28" rx="2.5" />
        <rect x="49" y="24" width="6" height="16" rx="2" />
      </g>
      <circle cx="17" cy="17" r="5" fill="#ff8836" />
    </svg>
  );
}
