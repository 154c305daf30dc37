/**
 * The boot script of the built index.html (inlined in <head> by scripts/prerender-landing.ts; the dev
 * server never sees it). It owns the choice between the two ways `/` and every other path start:
 * - the static landing page: `/` for a visitor without a stored session. The prerendered page paints
 *   from HTML and CSS alone; this script only switches its texts to German or Italian (hidden until then),
 *   and wires the picker, the theme toggle, the install button and the service worker;
 * - the app: anything else. The landing markup is hidden before it can paint and removed, the stylesheet
 *   and module script Vite made for index.html are added, and the app renders as it always has (a
 *   signed-in visitor of `/` goes on to /home through the route's own redirect).
 */
import { hasStoredSession } from '@/lib/auth/storage-key';
import {
  BOOT_DATA_ID,
  LANDING_ID,
  LANDING_TEXTS_ID,
  type AppTag,
  type BootData,
  type LandingTexts,
} from './boot-data';
import { chooseBootMode, detectLanguage, LANGUAGE_KEY } from './boot-decision';
import { captureInstall, registerServiceWorker, startLanguageAndTheme } from './static-landing';

function readJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  return text === undefined || text === null ? null : (JSON.parse(text) as T);
}

function storageValue(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function createTag({ tag, attributes }: AppTag): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/**
 * Adds the app's tags. The module script waits for the stylesheets (an added stylesheet does not block
 * rendering the way the parsed one did, and the app must not paint unstyled); preloads go first so the
 * script downloads meanwhile.
 */
function startApp(tags: readonly AppTag[]): void {
  const head = document.head;
  const sheets = tags.filter((tag) => tag.tag === 'link' && tag.attributes.rel === 'stylesheet');
  const scripts = tags.filter((tag) => tag.tag === 'script');
  for (const tag of tags) if (!sheets.includes(tag) && !scripts.includes(tag)) head.append(createTag(tag));
  const loaded = sheets.map((tag) => {
    const element = createTag(tag);
    const done = new Promise((resolve) => {
      element.addEventListener('load', resolve);
      element.addEventListener('error', resolve);
    });
    head.append(element);
    return done;
  });
  void Promise.all(loaded).then(() => {
    for (const tag of scripts) head.append(createTag(tag));
  });
}

function boot(): void {
  const html = document.documentElement;
  const mode = chooseBootMode(location.pathname, location.hash, hasStoredSession());
  if (mode === 'app') {
    html.setAttribute('data-boot', 'app'); // CSS hides the landing markup from the first paint
    for (const style of document.querySelectorAll('style[data-landing]')) style.remove();
    startApp(readJson<BootData>(BOOT_DATA_ID)?.app ?? []);
    document.addEventListener('DOMContentLoaded', () => document.getElementById(LANDING_ID)?.remove());
    return;
  }

  let language = detectLanguage({
    search: location.search,
    hash: location.hash,
    cookie: document.cookie,
    localStorage: storageValue(() => localStorage, LANGUAGE_KEY),
    sessionStorage: storageValue(() => sessionStorage, LANGUAGE_KEY),
    navigatorLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
  html.lang = language;
  // The detector caches what it found, so the app opens in the same language (a `?lng=de` link sticks).
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // no storage: nothing to remember
  }
  // The prerendered texts are English: another language is hidden until its texts are in.
  if (language !== 'en') html.setAttribute('data-landing-pending', '');

  let catalogue: LandingTexts | null = null;
  const wireInstall = captureInstall(
    () => catalogue,
    () => language,
  );
  registerServiceWorker();
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById(LANDING_ID);
    catalogue = readJson<LandingTexts>(LANDING_TEXTS_ID);
    if (root !== null && catalogue !== null) {
      startLanguageAndTheme(root, catalogue, language, (next) => {
        language = next;
      });
      wireInstall(root);
    }
    html.removeAttribute('data-landing-pending');
  });
}

boot();
