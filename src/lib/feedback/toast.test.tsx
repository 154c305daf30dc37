import { notifications } from '@mantine/notifications';
import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import classes from '@/app/toast-host.module.css';
import { WIDE_SCREEN_QUERY } from '@/app/toast-host';
import { renderWithProviders } from '../../../test/support/browser/render';
import { toastError, toastInfo, toastSuccess } from './toast';

// The one toast helper through the app's real providers and toast host (src/app/toast-host.tsx).

function screenWidth(wide: boolean) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query === WIDE_SCREEN_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

async function renderHost() {
  const rendered = renderWithProviders(<p>page</p>);
  await screen.findByText('page');
  return rendered;
}

afterEach(() => {
  act(() => {
    notifications.clean();
  });
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('a success toast closes by itself; an error toast stays until its close button is pressed', async () => {
    const { user } = await renderHost();
    act(() => {
      toastSuccess('Saved');
      toastError('Could not save', { title: 'Save failed' });
    });
    const success = await screen.findByText('Saved');
    const error = (await screen.findByText('Could not save')).closest('[role="alert"]');
    expect(error).not.toBeNull();
    expect(within(error as HTMLElement).getByText('Save failed')).toBeInTheDocument();
    expect(success.closest('[role="status"]')).not.toBeNull();

    // Success: 3 s (spec). Waiting past it leaves the error toast where it was.
    await waitForElementToBeRemoved(success, { timeout: 6_000 });
    expect(screen.getByText('Could not save')).toBeInTheDocument();

    await user.click(within(error as HTMLElement).getByRole('button', { name: 'Close notification' }));
    await waitForElementToBeRemoved(() => screen.queryByText('Could not save'));
  });

  it('an info toast closes by itself, and the same id does not stack', async () => {
    await renderHost();
    act(() => {
      toastError('Refused', { id: 'refusal-1' });
      toastError('Refused', { id: 'refusal-1' });
      toastInfo('Heads up');
    });
    expect(await screen.findAllByText('Refused')).toHaveLength(1);
    await waitForElementToBeRemoved(await screen.findByText('Heads up'), { timeout: 7_000 });
  });

  it('on a phone (narrower than 48em) toasts sit at the bottom, above the tab bar, away from the header', async () => {
    screenWidth(false);
    await renderHost();
    act(() => toastSuccess('Checked in'));
    const container = (await screen.findByText('Checked in')).closest('[data-position]');
    expect(container).toHaveAttribute('data-position', 'bottom-center');
    // The class that lifts the bottom container above the 64 px tab bar (toast-host.module.css).
    expect(container).toHaveClass(classes.toasts ?? 'missing');
  });

  it('on wider screens toasts stay at the top centre (the spec), clear of the bell and avatar at the right', async () => {
    screenWidth(true);
    await renderHost();
    act(() => toastSuccess('Checked in'));
    const container = (await screen.findByText('Checked in')).closest('[data-position]');
    expect(container).toHaveAttribute('data-position', 'top-center');
  });
});
