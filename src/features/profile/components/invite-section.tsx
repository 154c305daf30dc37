import { Button, Center, Group, Loader, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHandle } from '@/domain/identity';
import type { ProfileDoc } from '@/db/schemas';
import { SectionCard } from '@/components/section-card';

type InviteProfile = Pick<ProfileDoc, 'slug' | 'username' | 'discriminator' | 'visibility'>;

/** How long "Copied" stays on the button. */
const COPIED_MS = 2000;

/** The absolute link of a profile (what the QR code holds and what is shared). */
export function profileLink(slug: string, origin: string = globalThis.location.origin): string {
  return `${origin}/u/${encodeURIComponent(slug)}`;
}

/**
 * Invite on /profile: my profile link, Share (Web Share API) or Copy where sharing is not offered, and the
 * link as a QR code another member scans at the gym. A visitor who follows it can register, and the friend
 * request follows sign-up (pending-invite-follow-up.tsx).
 */
export function InviteSection({ profile }: { profile: InviteProfile }) {
  const { t } = useTranslation('people');
  const link = profileLink(profile.slug);
  const handle = formatHandle(profile.username, profile.discriminator);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    try {
      await navigator.share({
        title: t('invite.shareTitle'),
        text: t('invite.shareText', { handle }),
        url: link,
      });
    } catch {
      // Dismissing the share sheet rejects (AbortError): nothing to tell the user.
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selectable in the field above.
    }
  };

  return (
    <SectionCard id="invite" title={t('heading')}>
      <Text c="dimmed">{t('invite.description')}</Text>
      {profile.visibility !== 'public' && (
        <Text size="sm" c="orange.8">
          {t('invite.notPublic', { handle })}
        </Text>
      )}
      <TextInput
        label={t('invite.linkLabel')}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="sm">
        {canShare ? (
          <Button leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()}>
            {t('invite.share')}
          </Button>
        ) : (
          <Button
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            {...(copied ? { color: 'teal' } : {})}
            onClick={() => void copy()}
          >
            {copied ? t('invite.copied') : t('invite.copy')}
          </Button>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {copied ? t('invite.copied') : ''}
        </VisuallyHidden>
      </Group>
      <QrCode value={link} label={t('invite.qrAlt')} loadingLabel={t('invite.qrLoading')} />
    </SectionCard>
  );
}

/** The QR code as an SVG image. The encoder (`qrcode`) loads on first use, off the first screen's path. */
function QrCode({ value, label, loadingLabel }: { value: string; label: string; loadingLabel: string }) {
  const [svg, setSvg] = useState<{ value: string; svg: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => {
        if (current) setSvg({ value, svg: text });
      })
      .catch(() => {
        // The encoder's chunk did not load (offline before it was cached): the link above still works.
      });
    return () => {
      current = false;
    };
  }, [value]);

  if (svg === null || svg.value !== value) {
    return (
      <Center w={200} h={200} role="status" aria-label={loadingLabel}>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.svg)}`}
      alt={label}
      width={200}
      height={200}
      data-qr-value={value}
      style={{ background: 'white', borderRadius: 8 }}
    />
  );
}
