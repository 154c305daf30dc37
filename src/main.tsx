// Boot: load the shell's translations (common, errors) in the detected language, then render the router.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { hasStoredSession } from '@/lib/auth/storage-key';
import { createI18n, syncDocumentLanguage } from '@/lib/i18n';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { startServiceWorker } from '@/lib/service-worker/start';

// Before anything is awaited: the install prompt event can fire while translations load.
captureInstallPrompt();

// Most first visits open the landing page: its lazy chunk downloads while the shell's translations load,
// rather than after them (the route's own import then finds it loaded). A stored session goes to /home.
const landingFirst = window.location.pathname === '/' && !hasStoredSession();
if (landingFirst) {
  import('@/routes/index.lazy').catch(() => undefined); // the route's loader retries and reports failures
}

// The landing texts load beside the shell's (the route's loader then finds them loaded).
const { i18n, ready } = createI18n(landingFirst ? { extraNamespaces: ['landing'] } : {});
syncDocumentLanguage(i18n);
await ready;

/**
 * The boot script (src/boot/landing-boot.ts) adds this entry as a module script of its own, which runs as
 * soon as it has loaded: on a fast load (scripts and translations from the service worker's cache) that can
 * be before the parser has reached #root, further down the page.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
}

const router = createAppRouter({ context: { i18n } });
await documentParsed();
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} router={router} />
  </StrictMode>,
);

// Production only; registers after the load event, off the critical path.
startServiceWorker();
