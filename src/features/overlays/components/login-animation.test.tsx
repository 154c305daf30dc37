// @clock-sensitive: streaks, fake timers
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createTestI18n } from '../../../../test/support/browser/render';
import { LoginAnimation, type LoginAnimationProps } from './login-animation';
import { StreakPop } from './streak-pop';

function show(props: Partial<LoginAnimationProps> = {}, language: 'en' | 'de' = 'en') {
  const onDone = vi.fn();
  render(
    <AppProviders i18n={createTestI18n(language)} env="test">
      <LoginAnimation
        streak={7}
        messageIndex={3}
        durationMs={5000}
        touch={false}
        onDone={onDone}
        {...props}
      />
    </AppProviders>,
  );
  return onDone;
}

describe('login animation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the streak, "days streak", the day’s message, 8 particles and the click hint', () => {
    show();
    const dialog = screen.getByRole('dialog', { name: 'Welcome back' });
    expect(dialog).toHaveTextContent('7');
    expect(dialog).toHaveTextContent('days streak');
    expect(dialog).toHaveTextContent("Small steps, every day. That's how streaks are built.");
    expect(dialog.querySelectorAll('[data-particle]')).toHaveLength(8);
    expect(dialog).toHaveTextContent('Click to skip');
  });

  it('says "day streak" for 1 and "tap to skip" on touch', () => {
    show({ streak: 1, touch: true });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('day streak');
    expect(dialog).not.toHaveTextContent('days streak');
    expect(dialog).toHaveTextContent('Tap to skip');
  });

  it('speaks German', () => {
    show({ streak: 2 }, 'de');
    expect(screen.getByRole('dialog')).toHaveTextContent('Klicken zum Überspringen');
  });

  it('dismisses itself after its duration', async () => {
    const onDone = show({ durationMs: 5000 });
    await act(() => vi.advanceTimersByTime(4999));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a click skips it: gone about 0.3 s later', async () => {
    const onDone = show({ durationMs: 3000 });
    await act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('dialog'));
    await act(() => vi.advanceTimersByTime(299));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('streak pop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows +1 for 900 ms', async () => {
    const onDone = vi.fn();
    render(
      <AppProviders i18n={createTestI18n('en')} env="test">
        <StreakPop onDone={onDone} />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('+1');
    expect(screen.getByRole('status')).toHaveTextContent('Your streak grew by one day');
    await act(() => vi.advanceTimersByTime(899));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
