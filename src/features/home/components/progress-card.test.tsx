import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { ProgressView } from '../model/progress-view';
import { ProgressCards } from './progress-card';

const start: ProgressView = {
  xp: 220,
  level: 1,
  xpIntoLevel: 220,
  xpForNext: 229,
  percent: 96,
  currentStreak: 0,
  bestStreak: 3,
  pendingXp: 0,
  settled: true,
};

/** The live progression changing as a local write lands: +10 XP crosses into level 2. */
function Harness() {
  const [progress, setProgress] = useState(start);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          setProgress({
            ...start,
            xp: 230,
            level: 2,
            xpIntoLevel: 1,
            xpForNext: 270,
            percent: 0,
            currentStreak: 1,
            pendingXp: 10,
            settled: false,
          })
        }
      >
        rest day
      </button>
      <ProgressCards progress={progress} />
    </>
  );
}

describe('progress cards', () => {
  it('shows "No streak", then the gain, the new streak and the level-up moment when XP moves', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(await screen.findByTestId('streak-value')).toHaveTextContent('No streak');
    expect(screen.getByTestId('level-value')).toHaveTextContent('Level 1');
    // Nothing to celebrate on load.
    expect(screen.queryByText('Level up!')).not.toBeInTheDocument();
    expect(screen.queryByText('+10 XP')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'rest day' }));
    expect(await screen.findByText('Level up!')).toBeInTheDocument();
    expect(screen.getByText('You reached level 2. Keep it going!')).toBeInTheDocument();
    expect(screen.getByText('+10 XP')).toBeInTheDocument();
    expect(screen.getByText('+10 XP waiting to sync')).toBeInTheDocument();
    expect(screen.getByTestId('streak-value')).toHaveTextContent('1 day');
    expect(screen.getByTestId('level-value')).toHaveTextContent('Level 2');
  });
});
