// The static landing page's few interactive parts, in plain DOM (no React, Mantine or i18next on `/`):
// its texts in the chosen language, the language picker, the theme toggle, the install button and the
// service worker registration. Each mirrors what the React page does (see the comments for where).
import { isSupportedLanguage, type Language } from '@/domain/language';
import {
  parseReloadMarker,
  RELOAD_MARKER,
  shouldReloadForNewWorker,
} from '@/lib/service-worker/reload-guard';
import {
  INSTALL_ATTRIBUTE,
  TEXT_ATTRIBUTE,
  TEXT_ATTRIBUTES_ATTRIBUTE,
  THEME_TOGGLE_ATTRIBUTE,
  type LandingTexts,
} from './boot-data';
import { COLOR_SCHEME_KEY, LANGUAGE_KEY } from './boot-decision';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (privacy mode): the choice lasts for this page only.
  }
}

/**
 * Writes the texts of `language` into the marked elements and attributes; sets <html lang>. With
 * `yearOnly` (the English page as prerendered) only the texts with the year are written again.
 */
function applyTexts(root: Element, catalogue: LandingTexts, language: Language, yearOnly = false): void {
  const texts = catalogue.texts[language];
  const year = String(new Date().getFullYear());
  const wanted = (id: string | undefined) => !yearOnly || (texts[Number(id)] ?? '').includes('{{year}}');
  const text = (id: string | undefined) => (texts[Number(id)] ?? '').replace('{{year}}', year);
  for (const element of root.querySelectorAll(`[${TEXT_ATTRIBUTE}]`)) {
    const id = element.getAttribute(TEXT_ATTRIBUTE) ?? undefined;
    if (wanted(id)) element.textContent = text(id);
  }
  for (const element of root.querySelectorAll(`[${TEXT_ATTRIBUTES_ATTRIBUTE}]`)) {
    for (const pair of (element.getAttribute(TEXT_ATTRIBUTES_ATTRIBUTE) ?? '').split(' ')) {
      const [name, id] = pair.split(':');
      if (name !== undefined && name !== '' && wanted(id)) element.setAttribute(name, text(id));
    }
  }
  document.documentElement.lang = language;
}

/** src/components/language-picker.tsx: a native select over a face showing the code and the name. */
function wireLanguagePicker(root: Element, catalogue: LandingTexts, onChange: (language: Language) => void) {
  const select = root.querySelector('select');
  if (select === null) return () => undefined;
  const [short, long] = Array.from(select.parentElement?.querySelectorAll('span') ?? []);
  select.addEventListener('change', () => {
    if (isSupportedLanguage(select.value)) onChange(select.value);
  });
  return (language: Language) => {
    select.value = language;
    if (short !== undefined) short.textContent = language.toUpperCase();
    if (long !== undefined) long.textContent = catalogue.languageNames[language];
  };
}

/** src/components/theme-toggle.tsx: flips light and dark; CSS shows the sun in dark, the moon in light. */
function wireThemeToggle(root: Element, catalogue: LandingTexts) {
  const button = root.querySelector(`[${THEME_TOGGLE_ATTRIBUTE}]`);
  const html = document.documentElement;
  const current = () => (html.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light');
  let language: Language = 'en';
  const label = () => {
    const { named, texts } = catalogue;
    const text = texts[language][current() === 'dark' ? named.switchToLight : named.switchToDark] ?? '';
    button?.setAttribute('aria-label', text);
    button?.setAttribute('title', text);
  };
  button?.addEventListener('click', () => {
    const next = current() === 'dark' ? 'light' : 'dark';
    html.setAttribute('data-mantine-color-scheme', next);
    store(COLOR_SCHEME_KEY, next);
    label();
  });
  // "System" (nothing stored) follows the system's changes, as Mantine's provider does.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(COLOR_SCHEME_KEY);
    } catch {
      // treated as nothing stored
    }
    if (stored === 'light' || stored === 'dark') return;
    html.setAttribute('data-mantine-color-scheme', event.matches ? 'dark' : 'light');
    label();
  });
  return (next: Language) => {
    language = next;
    label();
  };
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

// iPadOS reports itself as a Mac; a touch screen tells them apart (as install-button.tsx).
function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/**
 * src/features/landing/components/install-button.tsx with src/lib/install-prompt.ts: the browser's prompt
 * where there is one, the Share -> Add to Home Screen explanation on iOS, nothing once installed. Called
 * from <head>, so `beforeinstallprompt` is never missed; the button is looked up once the body is parsed.
 */
export function captureInstall(catalogue: () => LandingTexts | null, language: () => Language) {
  let prompt: BeforeInstallPromptEvent | null = null;
  let installed = false;
  let wrapper: HTMLElement | null = null;
  const refresh = () => {
    if (wrapper !== null) wrapper.hidden = installed || isInstalled() || (prompt === null && !isIos());
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the mini-infobar away; the button asks instead
    prompt = event as BeforeInstallPromptEvent;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    prompt = null;
    installed = true;
    refresh();
  });
  const install = async () => {
    const event = prompt;
    if (event === null) {
      const texts = catalogue();
      if (texts !== null) window.alert(texts.texts[language()][texts.named.iosHint] ?? '');
      return;
    }
    await event.prompt();
    const { outcome } = await event.userChoice;
    prompt = null;
    installed ||= outcome === 'accepted';
    refresh();
  };
  return (root: Element) => {
    wrapper = root.querySelector<HTMLElement>(`[${INSTALL_ATTRIBUTE}]`);
    wrapper?.querySelector('button')?.addEventListener('click', () => void install());
    refresh();
  };
}

/** The update flow's reload (reload-guard.ts): once per new version, at most once per 10 s per tab. */
function reloadForNewWorker(wasControlled: boolean): void {
  let lastReloadAt: number | null = null;
  try {
    lastReloadAt = parseReloadMarker(sessionStorage.getItem(RELOAD_MARKER));
  } catch {
    // no session storage: no cooldown record
  }
  const now = Date.now();
  if (!shouldReloadForNewWorker({ wasControlled, lastReloadAt, now })) return;
  try {
    sessionStorage.setItem(RELOAD_MARKER, String(now));
  } catch {
    // the cooldown is lost with the reload; a loop still needs a broken update
  }
  window.location.reload();
}

/**
 * The service worker and its update flow, as src/lib/service-worker/register.ts does for the app (after
 * the load event): a waiting new version is told to activate, and when it takes over a page an older
 * version controlled, the page reloads once; the write queue is asked to replay on start and when the
 * network returns.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const replay = () => {
    void container.ready.then((registration) => {
      registration.active?.postMessage({ type: 'REPLAY' });
    });
  };
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    const wasControlled = hadController;
    hadController = true;
    reloadForNewWorker(wasControlled);
  });
  const skipWaiting = (worker: ServiceWorker | null) => worker?.postMessage({ type: 'SKIP_WAITING' });
  window.addEventListener('load', () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        skipWaiting(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const next = registration.installing;
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed' && container.controller !== null) skipWaiting(next);
          });
        });
        replay();
      })
      .catch((error: unknown) => {
        console.warn('[service worker] registration failed', error);
      });
  });
  window.addEventListener('online', replay);
}

/** Texts, picker and theme toggle of the parsed landing page, in `initial`; remembers later choices. */
export function startLanguageAndTheme(
  root: Element,
  catalogue: LandingTexts,
  initial: Language,
  onLanguage: (language: Language) => void,
): void {
  const setThemeLanguage = wireThemeToggle(root, catalogue);
  let shown: Language | null = null;
  const apply = (language: Language) => {
    // The markup is prerendered in English.
    applyTexts(root, catalogue, language, shown === null && language === 'en');
    shown = language;
    setPicker(language);
    setThemeLanguage(language);
    onLanguage(language);
  };
  const setPicker = wireLanguagePicker(root, catalogue, (language) => {
    store(LANGUAGE_KEY, language); // the detector's cache: the app opens in this language too
    apply(language);
  });
  apply(initial);
}
