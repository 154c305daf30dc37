import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { syncDocumentLanguage } from '@/lib/i18n';
import { createTestI18n, renderApp } from '../../test/support/browser/render';

describe('language picker', () => {
  it('switches the page language and <html lang>', async () => {
    const i18n = createTestI18n('en');
    const stop = syncDocumentLanguage(i18n);
    const { user } = renderApp({ route: '/', i18n });
    await screen.findByRole('heading', { level: 1, name: 'Never skip leg day alone.' });

    const picker = screen.getByRole('combobox', { name: 'Change language' });
    expect(picker).toHaveValue('en');
    await user.selectOptions(picker, 'Deutsch');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nie wieder allein zum Leg Day.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache ändern' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    stop();
  });

  it('offers en, de and it in their own names', async () => {
    renderApp({ route: '/login', language: 'it' });
    const picker = await screen.findByRole('combobox', { name: 'Cambia lingua' });
    const options = [...picker.querySelectorAll('option')].map((option) => [
      option.value,
      option.textContent,
    ]);
    expect(options).toEqual([
      ['en', 'English'],
      ['de', 'Deutsch'],
      ['it', 'Italiano'],
    ]);
  });
});
