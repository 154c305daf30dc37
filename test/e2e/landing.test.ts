// The public screens of the production build in Chromium (no backend needed): the landing page's
// sections, its JavaScript budget (no supabase-js, RxDB or worker), the legal pages, Not Found, the
// signed-in redirect from /. Their axe check, in both colour schemes at phone and desktop size, is in
// screenshots.test.ts, which visits each of them anyway.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useBrowser } from './support/use-browser';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const locales = fileURLToPath(new URL('../../locales/', import.meta.url));
// The static `/` (scripts/prerender-landing.ts) loads no script file; its inline boot script stays small.
const LANDING_INLINE_SCRIPT_BUDGET_KB = 6;

describeInBrowser('landing and legal pages (production build)', () => {
  const harness = useBrowser();

  it('shows every landing section with its calls to action', async () => {
    const { page } = await harness.openPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    for (const name of [
      'Everything your training crew needs',
      'How it works',
      'Help us build the gym app you actually want',
      'Spotter in numbers',
      'Your streak starts today',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name }).isVisible()).resolves.toBe(true);
    }
    // Six feature cards, three steps, four early-access points, four stats.
    await expect(
      page.locator('#features-title ~ div h3, section[aria-labelledby="features-title"] h3').count(),
    ).resolves.toBe(6);
    await expect(page.locator('section[aria-labelledby="how-it-works"] li').count()).resolves.toBe(3);
    await expect(page.locator('section[aria-labelledby="early-access-title"] h3').count()).resolves.toBe(4);
    await expect(page.locator('section[aria-labelledby="stats-title"] dt').count()).resolves.toBe(4);
    await expect(page.getByText(/^Nine features, one app/).isVisible()).resolves.toBe(true);
    // Five locally drawn sample avatars, all loaded.
    const avatars = page.getByRole('img', { name: 'Spotter members' }).locator('img');
    await expect(avatars.count()).resolves.toBe(5);
    for (const avatar of await avatars.all()) {
      await expect(
        avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).resolves.toBe(true);
    }
    await expect(
      page.getByRole('link', { name: 'Create free account' }).first().getAttribute('href'),
    ).resolves.toBe('/register');
    await expect(
      page.getByRole('link', { name: 'I already have an account' }).getAttribute('href'),
    ).resolves.toBe('/login');
    // Footer: sign in, register, impressum, datenschutz.
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Sign in', '/login'],
      ['Create account', '/register'],
      ['Legal notice', '/impressum'],
      ['Privacy policy', '/datenschutz'],
    ] as const) {
      await expect(footer.getByRole('link', { name }).getAttribute('href')).resolves.toBe(href);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('offers the install button when the browser fires beforeinstallprompt, hidden when installed', async () => {
    const { page } = await harness.openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Plain Chromium without a manifest-eligible prompt: no button.
    await expect(page.getByRole('button', { name: 'Install the app' }).count()).resolves.toBe(0);
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = () => Promise.resolve();
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    const button = page.getByRole('button', { name: 'Install the app' });
    await button.waitFor();
    await button.click();
    await button.waitFor({ state: 'detached' });
  });

  it('explains Share -> Add to Home Screen on iOS', async () => {
    const { page } = await harness.openPage({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/');
    const dialog = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      });
    });
    await page.getByRole('button', { name: 'Install the app' }).click();
    expect(await dialog).toMatch(/Share.*Add to Home Screen/);
  });

  it('paints from HTML and CSS alone: no script file, no stylesheet file, a small inline boot script', async () => {
    const { page } = await harness.openPage();
    const files: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\.(?:m?js|css)$/.test(url.pathname) && url.pathname !== '/sw.js') files.push(url.pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    expect(files).toEqual([]);
    // The app's entry is not in the page either: only the boot script (src/boot) and JSON data blocks.
    const inline = await page.evaluate(() =>
      [...document.scripts].map((script) => ({
        type: script.type,
        src: script.src,
        size: script.text.length,
      })),
    );
    expect(inline.filter((script) => script.src !== '')).toEqual([]);
    const code = inline.filter((script) => script.type === '' || script.type === 'text/javascript');
    const html = readFileSync(`${dist}index.html`, 'utf8');
    const bootSource = html.match(/<script>([\s\S]*?)<\/script>/g)?.join('') ?? '';
    console.log(
      `[landing] ${code.length} inline scripts, ${(gzipSync(bootSource, { level: 9 }).length / 1024).toFixed(1)} KB gzipped`,
    );
    expect(gzipSync(bootSource, { level: 9 }).length / 1024).toBeLessThan(LANDING_INLINE_SCRIPT_BUDGET_KB);
    expect(bootSource).not.toContain('X-Client-Info');
    expect(bootSource).not.toContain('rxdb');
  });

  it.each([
    ['the browser language', { locale: 'de-DE' }, '/', 'de', 'Nie wieder allein zum Leg Day.'],
    ['?lng=it', {}, '/?lng=it', 'it', 'Mai più il leg day da solo.'],
  ] as const)(
    'shows the static landing in German and Italian (%s)',
    async (_source, options, path, language, title) => {
      const { page } = await harness.openPage({ viewport: { width: 390, height: 844 }, ...options });
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      const texts = JSON.parse(readFileSync(`${locales}${language}/landing.json`, 'utf8')) as {
        features: { title: string };
        closing: { register: string };
      };
      await expect(
        page.getByRole('heading', { level: 2, name: texts.features.title }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole('link', { name: texts.closing.register }).last().getAttribute('href'),
      ).resolves.toBe('/register');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(language);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
  );

  it('switches language and theme on the static page, and the app opens with both', async () => {
    const { page } = await harness.openPage({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('it');
    await page.getByRole('heading', { level: 1, name: 'Mai più il leg day da solo.' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('it');

    const html = page.locator('html');
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByRole('button', { name: 'Passa al tema scuro' }).click();
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.getByRole('button', { name: 'Passa al tema chiaro' }).waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bentornato' }).waitFor();
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    // The app replaced the static page: its markup is gone, not merely hidden.
    expect(await page.locator('#spotter-landing').count()).toBe(0);
  });

  it('sends a visitor with a stored session from / to /home, never showing the static landing', async () => {
    const { page } = await harness.openPage();
    // Block the auth API: only the redirect is under test here (the guard's verification is in auth.test.ts).
    await page.route('**/auth/v1/**', (route) => route.fulfill({ status: 200, body: '{}' }));
    await page.addInitScript(() => localStorage.setItem('spotter-auth', '{}'));
    // Record whether the static landing was ever displayed, from the first parse on.
    await page.addInitScript(() => {
      const seen = { shown: false };
      (window as unknown as { landingSeen: typeof seen }).landingSeen = seen;
      const check = () => {
        const landing = document.getElementById('spotter-landing');
        if (landing !== null && landing.getClientRects().length > 0) seen.shown = true;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
      requestAnimationFrame(check);
    });
    await page.goto('/');
    await page.waitForURL((url) => url.pathname !== '/');
    expect(new URL(page.url()).pathname).toMatch(/^\/(home|login)$/);
    expect(
      await page.evaluate(() => (window as unknown as { landingSeen: { shown: boolean } }).landingSeen.shown),
    ).toBe(false);
    expect(await page.locator('#spotter-landing').count()).toBe(0);
  });

  it.each([
    ['/impressum', 'Legal notice', /Musterstraße 12/],
    ['/datenschutz', 'Privacy policy', /within 30 days/],
    ['/terms', 'Terms of use', /at least 16 years old/],
  ])('%s shows the legal text, marked as sample data', async (path, title, text) => {
    const { page } = await harness.openPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect(page.getByText(text).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^Sample data:/).isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe(`${title} · Spotter`);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = await harness.openPage();
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  });
});
