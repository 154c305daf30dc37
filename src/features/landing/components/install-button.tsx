import { Button } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || globalThis.matchMedia?.('(display-mode: standalone)').matches === true;
}

// iPadOS reports itself as a Mac; a touch screen tells them apart.
function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/**
 * The install-app button: the browser's own prompt where there is one (beforeinstallprompt), an explanation
 * of Share -> Add to Home Screen on iOS, nothing once the app runs installed or where neither applies.
 */
export function InstallButton() {
  const { t } = useTranslation('landing');
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(isInstalled);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault(); // keep the mini-infobar away; the button asks instead
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    globalThis.addEventListener('beforeinstallprompt', onPrompt);
    globalThis.addEventListener('appinstalled', onInstalled);
    return () => {
      globalThis.removeEventListener('beforeinstallprompt', onPrompt);
      globalThis.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (installed || (prompt === null && !isIos())) return null;

  const install = async () => {
    if (prompt === null) {
      globalThis.alert(t('install.iosHint'));
      return;
    }
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    setPrompt(null); // a prompt event can be used once
    if (outcome === 'accepted') setInstalled(true);
  };

  return (
    <Button
      variant="subtle"
      size="md"
      leftSection={<IconDeviceMobileDown size={20} aria-hidden />}
      onClick={() => void install()}
    >
      {t('install.button')}
    </Button>
  );
}
