// One hover hint for a grid of cells (the home calendar's): the hovered cell's label shows against it,
// moving to another cell shows that cell's, and a cell without a hint, touch, or leaving the grid shows none.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import { LazyHoverHints } from './lazy-hover-hints';

function Grid() {
  const hintFor = (element: Element) => {
    const cell = element.closest<HTMLElement>('[data-day]');
    if (!cell || cell.dataset.future !== undefined) return null;
    return { target: cell, label: `Day ${cell.dataset.day}` };
  };
  return (
    <LazyHoverHints hintFor={hintFor}>
      <div data-testid="grid">
        <div data-testid="cell-1" data-day="1" />
        <div data-testid="cell-2" data-day="2" />
        <div data-testid="cell-3" data-day="3" data-future="" />
      </div>
    </LazyHoverHints>
  );
}

describe('LazyHoverHints', () => {
  it("shows the hovered cell's hint, then the next cell's, and none for a cell without one", async () => {
    const { user } = renderWithProviders(<Grid />);
    await screen.findByTestId('grid');
    await user.hover(screen.getByTestId('cell-1'));
    expect(await screen.findByText('Day 1')).toBeInTheDocument();
    await user.hover(screen.getByTestId('cell-2'));
    expect(await screen.findByText('Day 2')).toBeInTheDocument();
    expect(screen.queryByText('Day 1')).toBeNull();
    await user.hover(screen.getByTestId('cell-3'));
    await waitFor(() => expect(screen.queryByText('Day 2')).toBeNull());
    expect(screen.queryByText('Day 3')).toBeNull();
  });

  it('shows no hint for a touch', async () => {
    const { user } = renderWithProviders(<Grid />);
    await screen.findByTestId('grid');
    await user.pointer({ keys: '[TouchA]', target: screen.getByTestId('cell-1') });
    await user.pointer({ keys: '[/TouchA]', target: screen.getByTestId('cell-1') });
    // A mouse hover afterwards does show it: the hint was not shown for the touch, not broken.
    await user.hover(screen.getByTestId('cell-2'));
    expect(await screen.findByText('Day 2')).toBeInTheDocument();
    expect(screen.queryByText('Day 1')).toBeNull();
  });
});
