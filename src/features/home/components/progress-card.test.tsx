// @clock-sensitive: streaks
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { ProgressSight } from '@/db/progress-sight';
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

const SYNCED = { userId: 'user-1', ready: true };

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
      <ProgressCards progress={progress} sight={SYNCED} />
    </>
  );
}

/** Walks the cards through states, one per click on "next". */
function Steps({ steps }: { steps: { progress: ProgressView; sight: ProgressSight }[] }) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setIndex((i) => Math.min(i + 1, steps.length - 1))}>
        next
      </button>
      <ProgressCards {...steps[index]!} />
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

  it('celebrates nothing a new device’s first pull brings in, but its own writes and what follows', async () => {
    // Earned days ago on another device: 255 XP and level 2 arrive while this device's first pull runs.
    const earned: ProgressView = { ...start, xp: 255, level: 2, xpIntoLevel: 26, xpForNext: 270, percent: 9 };
    const mine: ProgressView = { ...earned, xp: 260, pendingXp: 5, settled: false };
    const pulling = { userId: 'user-2', ready: false };
    const whole = { userId: 'user-2', ready: true };
    const { user } = renderWithProviders(
      <Steps
        steps={[
          { progress: start, sight: pulling },
          { progress: earned, sight: pulling },
          { progress: mine, sight: pulling },
          { progress: { ...mine, pendingXp: 0, settled: true }, sight: whole },
          { progress: { ...mine, xp: 270, pendingXp: 0, settled: true }, sight: whole },
        ]}
      />,
    );
    const next = async () => user.click(await screen.findByRole('button', { name: 'next' }));
    await next();
    expect(await screen.findByText('Level 2')).toBeInTheDocument();
    expect(screen.queryByTestId('xp-gain')).not.toBeInTheDocument();
    expect(screen.queryByText('Level up!')).not.toBeInTheDocument();
    // A plan made on this device while the pull runs is celebrated at once.
    await next();
    expect(await screen.findByText('+5 XP')).toBeInTheDocument();
    // The pull ends: nothing new; a gain after that is this device's to celebrate.
    await next();
    await next();
    expect(await screen.findByText('+10 XP')).toBeInTheDocument();
    expect(screen.queryByText('Level up!')).not.toBeInTheDocument();
  });

  it('celebrates what was earned elsewhere since this device last looked', async () => {
    const sight = { userId: 'user-3', ready: true };
    const first = renderWithProviders(<ProgressCards progress={start} sight={sight} />);
    expect(await screen.findByTestId('xp-value')).toBeInTheDocument();
    first.unmount();
    // The next session on this device: 35 XP more arrived from another device meanwhile.
    renderWithProviders(<ProgressCards progress={{ ...start, xp: 255 }} sight={sight} />);
    expect(await screen.findByText('+35 XP')).toBeInTheDocument();
  });
});
