import { Button } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { installPromptState, promptInstall, subscribeInstallPrompt } from '@/lib/install-prompt';
import { StaticLandingContext } from './static-landing-context';

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
  const isStatic = useContext(StaticLandingContext);
  // main.tsx captures beforeinstallprompt at startup (src/lib/install-prompt.ts): it may fire before this
  // lazy chunk loads.
  const { prompt, installed } = useSyncExternalStore(
    subscribeInstallPrompt,
    installPromptState,
    installPromptState,
  );

  // The static landing (src/boot/static-landing.ts) shows the button and answers its click without React.
  if (isStatic) {
    return (
      <div data-static-install hidden>
        <InstallButtonView />
      </div>
    );
  }

  if (installed || isInstalled() || (prompt === null && !isIos())) return null;

  const install = async () => {
    if (prompt === null) {
      globalThis.alert(t('install.iosHint'));
      return;
    }
    await promptInstall();
  };

  return <InstallButtonView onClick={() => void install()} />;
}

function InstallButtonView({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <Button
      variant="subtle"
      size="md"
      leftSection={<IconDeviceMobileDown size={20} aria-hidden />}
      {...(onClick === undefined ? {} : { onClick })}
    >
      {t('install.button')}
    </Button>
  );
}
