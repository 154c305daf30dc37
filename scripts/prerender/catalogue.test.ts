import { describe, expect, it } from 'vitest';
import { buildCatalogue, idOf, token, type Locales } from './catalogue';

const locales: Locales = {
  en: { common: { name: 'Spotter', nav: { signIn: 'Sign in' }, year: '© {{year}} Spotter' } },
  de: { common: { name: 'Spotter', nav: { signIn: 'Anmelden' }, year: '© {{year}} Spotter' } },
  it: { common: { name: 'Spotter', nav: { signIn: 'Accedi' }, year: '© {{year}} Spotter' } },
};

describe('buildCatalogue', () => {
  it('replaces texts that differ by language (or interpolate) with tokens, keeps the rest', () => {
    const catalogue = buildCatalogue(locales, ['common']);
    const signIn = idOf(catalogue, 'common:nav.signIn');
    const year = idOf(catalogue, 'common:year');
    expect(catalogue.resources.en.common).toEqual({
      name: 'Spotter',
      nav: { signIn: token(signIn) },
      year: token(year),
    });
    expect(catalogue.texts.de[signIn]).toBe('Anmelden');
    expect(catalogue.texts.it[signIn]).toBe('Accedi');
    expect(catalogue.texts.en[year]).toBe('© {{year}} Spotter');
    expect(() => idOf(catalogue, 'common:name')).toThrow(/not a translated/);
  });
});
