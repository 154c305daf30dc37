import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/domain/language';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { achievementStatuses, emptyCounts } from '../model/achievements';
import { AchievementsCard } from './achievements-card';

// German and Italian achievement names are longer than a grid cell: they wrap in full, never clamped.
const LONGEST: Record<Language, string> = {
  en: 'Rest Is Training Too',
  de: 'Ruhe ist auch Training',
  it: 'Anche il riposo è allenamento',
};

describe('achievements card', () => {
  it.each(['en', 'de', 'it'] as const)('shows the whole name of each achievement in %s', async (language) => {
    // One rest day: "first rest day" is earned and shown among the first six.
    renderWithProviders(
      <AchievementsCard achievements={achievementStatuses({ ...emptyCounts(), rest_days: 1 })} />,
      { language },
    );
    const name = await screen.findByText(LONGEST[language]);
    expect(name).not.toHaveAttribute('data-line-clamp');
    expect(name).not.toHaveAttribute('data-truncate');
    expect(name.className).toMatch(/achievementName/);
  });
});
