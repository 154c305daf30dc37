import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n';
import { lazyLocaleBackend } from './locale-loader';

function read(language: string, namespace: string) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) => {
    void lazyLocaleBackend.read(language, namespace, (error, data) => resolve({ error, data }));
  });
}

describe('lazy locale loading', () => {
  it('reads a namespace file of a language', async () => {
    const { error, data } = await read('de', 'errors');
    expect(error).toBeNull();
    expect(data).toMatchObject({ notFound: { title: 'Seite nicht gefunden' } });
  });

  it('answers an unknown language or namespace with an error', async () => {
    expect((await read('fr', 'common')).error).toBeInstanceOf(Error);
    expect((await read('en', 'nope')).error).toBeInstanceOf(Error);
  });

  it('loads common and errors before the first render, other namespaces only when asked', async () => {
    const { i18n, ready } = createI18n({ language: 'it' });
    await ready;
    expect(i18n.hasResourceBundle('it', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('it', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('it', 'landing')).toBe(false);
    expect(i18n.t('errors:notFound.title')).toBe('Pagina non trovata');

    await i18n.loadNamespaces('landing');
    expect(i18n.t('landing:hero.title')).toBe('Mai più il leg day da solo.');
  });

  it('reads a part namespace: one subtree of a file under the same keys', async () => {
    const streak = await read('de', 'motivation@streak.week');
    expect(streak.error).toBeNull();
    const data = streak.data as { streak: { week: Record<string, string> } };
    expect(Object.keys(data)).toEqual(['streak']);
    expect(Object.keys(data.streak)).toEqual(['week']);
    expect(Object.keys(data.streak.week).length).toBeGreaterThan(0);

    const entry = await read('it', 'challenges@pushup_20');
    expect(Object.keys(entry.data as object)).toEqual(['pushup_20']);
    // A challenge the catalogue does not know (a newer server's) is an empty part, not an error.
    expect(await read('en', 'challenges@not_in_catalogue')).toEqual({ error: null, data: {} });
  });
});
