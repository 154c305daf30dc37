/**
 * Prerenders the landing page into dist/index.html after `vite build` (npm run build: vite build, this,
 * then the service worker, whose precache then holds the new index.html). Owns dist/index.html's final form:
 * - the landing page (public header, hero ... closing call, footer) rendered with React and Mantine at build
 *   time (src/boot/render-static-landing.tsx, bundled for Node by a Vite SSR build with the app's own config,
 *   so CSS-module class names equal the browser build's) in English, texts marked for de and it;
 * - its CSS inline in <head>: the rules of the built stylesheets its markup can use (purge-css.ts) and the
 *   theme variables Mantine rendered. No stylesheet or script file is needed to paint `/`;
 * - the boot script (src/boot/landing-boot.ts, bundled here and inlined): it keeps the static page for a
 *   visitor of `/` without a session, or starts the app with the tags Vite had put in index.html, which
 *   this script moves into a JSON block;
 * - the landing texts of every language, as JSON at the end of <body>.
 * The dev server serves the source index.html untouched: there the landing renders through React.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import {
  BOOT_DATA_ID,
  LANDING_ID,
  LANDING_TEXTS_ID,
  type AppTag,
  type BootData,
  type LandingTexts,
  type StaticLandingRender,
} from '../src/boot/boot-data';
import { buildCatalogue, idOf, LANGUAGES, type Locales } from './prerender/catalogue';
import { BOOT_CSS, markTexts, markThemeToggle } from './prerender/markup';
import { namesIn, purgeCss } from './prerender/purge-css';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside node_modules so the SSR bundle's bare imports (react, @mantine/core) resolve from the project.
const workDir = path.join(root, 'node_modules', '.cache', 'spotter-prerender');
const NAMESPACES = ['common', 'landing'];

function readLocales(): Locales {
  const read = (language: string, namespace: string) =>
    JSON.parse(readFileSync(path.join(root, 'locales', language, `${namespace}.json`), 'utf8')) as never;
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(NAMESPACES.map((namespace) => [namespace, read(language, namespace)])),
    ]),
  ) as unknown as Locales;
}

async function loadRenderer(): Promise<(resources: unknown) => StaticLandingRender> {
  const outDir = path.join(workDir, 'ssr');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src', 'boot', 'render-static-landing.tsx'),
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      copyPublicDir: false,
    },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'render-static-landing.js')).href)) as {
    renderStaticLanding: (resources: unknown) => StaticLandingRender;
  };
  return module.renderStaticLanding;
}

/** src/boot/landing-boot.ts as one small classic script. */
async function bundleBootScript(): Promise<string> {
  const outDir = path.join(workDir, 'boot');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(root, 'src', 'boot', 'landing-boot.ts'),
        formats: ['iife'],
        name: 'spotterBoot',
        fileName: () => 'boot.js',
      },
    },
  });
  return readFileSync(path.join(outDir, 'boot.js'), 'utf8').trim();
}

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Moves Vite's entry tags (module script, preloads, stylesheets) out of the document, in order. */
function takeAppTags(document: Document): AppTag[] {
  const elements = [
    ...document.head.querySelectorAll(
      'script[type="module"][src], link[rel="modulepreload"], link[rel="stylesheet"]',
    ),
  ];
  return elements.map((element) => {
    element.remove();
    const attributes = Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));
    return { tag: element.localName === 'script' ? 'script' : 'link', attributes };
  });
}

/** The built stylesheets, the entry's first (the order Vite loads them in), then the lazy chunks'. */
function builtCss(distDir: string, tags: readonly AppTag[]): string {
  const entry = tags.flatMap((tag) =>
    tag.attributes.rel === 'stylesheet' ? [tag.attributes.href ?? ''] : [],
  );
  const assets = readdirSync(path.join(distDir, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => `/assets/${name}`)
    .sort((a, b) => Number(!entry.includes(a)) - Number(!entry.includes(b)) || a.localeCompare(b));
  return assets.map((href) => readFileSync(path.join(distDir, href.slice(1)), 'utf8')).join('\n');
}

/** Each language in its own name (common:language.names, the same in every language). */
function languageNames(locales: Locales): LandingTexts['languageNames'] {
  const names = (locales.en.common?.language as Record<string, unknown> | undefined)?.names as
    Record<string, unknown> | undefined;
  const name = (language: string) => {
    const value = names?.[language];
    if (typeof value !== 'string') throw new Error(`prerender: common:language.names.${language} is missing`);
    return value;
  };
  return { en: name('en'), de: name('de'), it: name('it') };
}

export interface PrerenderSummary {
  htmlBytes: number;
  cssBytes: number;
  bootBytes: number;
}

export async function prerenderLanding(distDir: string): Promise<PrerenderSummary> {
  mkdirSync(workDir, { recursive: true });
  const locales = readLocales();
  const catalogue = buildCatalogue(locales, NAMESPACES);
  const [render, bootScript] = await Promise.all([loadRenderer(), bundleBootScript()]);
  const rendered = render(catalogue.resources);

  const indexPath = path.join(distDir, 'index.html');
  const dom = new JSDOM(readFileSync(indexPath, 'utf8'));
  const { document } = dom.window;
  if (document.getElementById(LANDING_ID) !== null) {
    throw new Error(`prerender: ${indexPath} is prerendered already; run vite build first`);
  }
  const appTags = takeAppTags(document);

  const landing = document.createElement('div');
  landing.id = LANDING_ID;
  landing.innerHTML = rendered.html;
  // React hoists image preloads; the avatars are small and below the hero text, so they wait their turn.
  for (const preload of landing.querySelectorAll('link[rel="preload"]')) preload.remove();
  // Mantine's theme variables and responsive props render as <style> elements: they go to <head>.
  const mantineStyles = [...landing.querySelectorAll('style')].map((style) => {
    style.remove();
    return style.textContent ?? '';
  });
  markTexts(landing, catalogue.texts.en, String(new Date().getFullYear()));
  markThemeToggle(landing, idOf(catalogue, 'common:theme.switchToDark'), {
    moon: rendered.moonIcon,
    sun: rendered.sunIcon,
  });

  const names = namesIn(landing);
  const moduleClasses = [...names.classes].filter((name) => /^_[a-zA-Z]\w*_[a-z0-9]{5}_\d+$/.test(name));
  const allCss = builtCss(distDir, appTags);
  const missing = moduleClasses.filter((name) => !allCss.includes(`.${name}`));
  if (missing.length > 0) {
    throw new Error(`prerender: CSS-module classes not in the built CSS (${missing.join(', ')})`);
  }
  const css = purgeCss([allCss, ...mantineStyles].join('\n'), names, landing.innerHTML);

  const head = document.head;
  const addHead = (html: string) => head.insertAdjacentHTML('beforeend', html);
  addHead(`<style>${BOOT_CSS}</style>`);
  addHead(`<style data-landing>${css}</style>`);
  const bootData: BootData = { app: appTags };
  addHead(`<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(bootData)}</script>`);
  const bootElement = document.createElement('script');
  bootElement.textContent = bootScript;
  head.append(bootElement);

  const rootElement = document.getElementById('root');
  if (rootElement === null) throw new Error('prerender: index.html has no #root');
  rootElement.before(landing);
  const texts: LandingTexts = {
    texts: catalogue.texts,
    named: {
      iosHint: idOf(catalogue, 'landing:install.iosHint'),
      switchToDark: idOf(catalogue, 'common:theme.switchToDark'),
      switchToLight: idOf(catalogue, 'common:theme.switchToLight'),
    },
    languageNames: languageNames(locales),
  };
  document.body.insertAdjacentHTML(
    'beforeend',
    `<script type="application/json" id="${LANDING_TEXTS_ID}">${scriptJson(texts)}</script>`,
  );

  const html = dom.serialize();
  writeFileSync(indexPath, html);
  rmSync(workDir, { recursive: true, force: true });
  return {
    htmlBytes: Buffer.byteLength(html),
    cssBytes: Buffer.byteLength(css),
    bootBytes: bootScript.length,
  };
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // Another output directory (a copy of dist/) may be given as the first argument.
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const { htmlBytes, cssBytes, bootBytes } = await prerenderLanding(distDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `[prerender] ${path.relative(root, distDir) || '.'}/index.html: static landing ${kb(htmlBytes)} (inline CSS ${kb(cssBytes)}, boot script ${kb(bootBytes)})`,
  );
}
