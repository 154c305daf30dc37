// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusShortcutTarget } from './shortcut-target';

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

function button(action: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.dataset.shortcut = action;
  element.scrollIntoView = () => undefined;
  return element;
}

describe('home-screen shortcut targets', () => {
  it('focuses the named control once it renders and drops the parameter from the address', async () => {
    window.history.replaceState(null, '', '/gym?do=checkin&x=1');
    // A shell that unmounts before the screen rendered leaves the parameter for the next one.
    focusShortcutTarget()();
    expect(window.location.search).toBe('?do=checkin&x=1');
    const stop = focusShortcutTarget();
    const checkIn = button('checkin');
    document.body.append(button('rest'), checkIn);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(checkIn);
    expect(window.location.pathname + window.location.search).toBe('/gym?x=1');
    stop();
  });

  it('does nothing without a known action, and never clicks for the user', () => {
    const rest = button('rest');
    let clicked = false;
    rest.addEventListener('click', () => (clicked = true));
    document.body.append(rest);
    window.history.replaceState(null, '', '/home');
    focusShortcutTarget()();
    expect(document.activeElement).not.toBe(rest);
    window.history.replaceState(null, '', '/home?do=delete-account');
    focusShortcutTarget()();
    expect(document.activeElement).not.toBe(rest);
    expect(window.location.search).toBe('');
    window.history.replaceState(null, '', '/home?do=rest');
    focusShortcutTarget()();
    expect(document.activeElement).toBe(rest);
    expect(clicked).toBe(false);
  });
});
