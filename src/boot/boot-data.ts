// What scripts/prerender-landing.ts writes into the built index.html for the boot script (landing-boot.ts)
// to read: element ids, the JSON shapes and the attributes that mark translatable markup. Types and
// constants only, shared by the build script (Node) and the page.

/** The static landing page's wrapper (header, main, footer); removed when the app starts instead. */
export const LANDING_ID = 'spotter-landing';
/** JSON in <head>: the app entry's tags, for the boot script to add when it starts the app. */
export const BOOT_DATA_ID = 'spotter-boot';
/** JSON at the end of <body>: the landing texts in every language. */
export const LANDING_TEXTS_ID = 'spotter-landing-texts';

/** An element's text is `texts[lang][id]` (`data-t="<id>"`). */
export const TEXT_ATTRIBUTE = 'data-t';
/** An element's attributes are texts too: `data-ta="aria-label:<id> title:<id>"`. */
export const TEXT_ATTRIBUTES_ATTRIBUTE = 'data-ta';
/** The theme toggle button, and its two icons (`moon`, `sun`), one shown per scheme by CSS. */
export const THEME_TOGGLE_ATTRIBUTE = 'data-static-theme-toggle';
export const THEME_ICON_ATTRIBUTE = 'data-static-icon';
/** The wrapper of the install button, hidden until the browser can install (or explain on iOS). */
export const INSTALL_ATTRIBUTE = 'data-static-install';

/** One tag of the app entry Vite put in index.html (module script, module preload, stylesheet). */
export interface AppTag {
  tag: 'script' | 'link';
  attributes: Record<string, string>;
}

export interface BootData {
  app: AppTag[];
}

export type LandingLanguage = 'en' | 'de' | 'it';

export interface LandingTexts {
  /** Per language, the texts by id; `{{year}}` stands for the current year. */
  texts: Record<LandingLanguage, string[]>;
  /** Ids of texts the script itself needs. */
  named: {
    iosHint: number;
    switchToDark: number;
    switchToLight: number;
  };
  /** Each language's own name (the picker's face). */
  languageNames: Record<LandingLanguage, string>;
}

/** What src/boot/render-static-landing.tsx returns to the build script. */
export interface StaticLandingRender {
  /** The page (header, main, footer) plus the style elements Mantine rendered beside it. */
  html: string;
  /** The theme toggle's two faces: the static page shows the one for the current scheme (CSS). */
  moonIcon: string;
  sunIcon: string;
}
