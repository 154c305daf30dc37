import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { useBrowser } from './support/use-browser';

describeInBrowser('smoke: the production build in Chromium', () => {
  const harness = useBrowser();

  it('renders the landing page with a visible heading', async () => {
    const { page } = await harness.openPage();
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ state: 'visible' });
    expect(await heading.textContent()).toBe('Never skip leg day alone.');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Spotter');
  });

  it('navigates to /login from the header', async () => {
    const { page } = await harness.openPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.title()).toBe('Welcome back · Spotter');
  });

  it('shows Page Not Found for an unknown path, with a way home', async () => {
    const { page } = await harness.openPage();
    await page.goto('/this/path/does-not-exist');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
  });

  it('follows ?lng=de in <html lang> and the text, and remembers it', async () => {
    const { page } = await harness.openPage();
    await page.goto('/?lng=de');
    await page.getByRole('heading', { level: 1, name: 'Nie wieder allein zum Leg Day.' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Willkommen zurück' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('ignores an injection-looking ?lng= and uses the browser language', async () => {
    const { page } = await harness.openPage({ locale: 'it-IT' });
    await page.goto(`/?lng=${encodeURIComponent('"><script>alert(1)</script>')}`);
    await page.getByRole('heading', { level: 1, name: 'Mai più il leg day da solo.' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
  });

  it('serves the web app manifest and its icons', async () => {
    const { page } = await harness.openPage();
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Spotter', start_url: '/home', display: 'standalone' });
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
    }
  });
});
