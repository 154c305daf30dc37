import { describe, expect, it, vi } from 'vitest';
import {
  captureInstallPrompt,
  installPromptState,
  promptInstall,
  subscribeInstallPrompt,
  type BeforeInstallPromptEvent,
} from './install-prompt';

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const shown = vi.fn(() => Promise.resolve());
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: shown, userChoice: Promise.resolve({ outcome }) });
  return { event, shown };
}

describe('install prompt capture', () => {
  it('keeps an event that fired before anyone listened, and hides the button once installed', async () => {
    const page = new EventTarget();
    captureInstallPrompt(page as unknown as Window);
    captureInstallPrompt(page as unknown as Window); // idempotent: one listener

    // Fired at startup, before the install button's chunk loaded.
    const { event: early, shown } = promptEvent('dismissed');
    page.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    // The button subscribes later and still gets it.
    const listener = vi.fn();
    const off = subscribeInstallPrompt(listener);
    expect(installPromptState().prompt).toBe(early);

    // Dismissed: the event is used up, the app is not installed.
    expect(await promptInstall()).toBe(false);
    expect(shown).toHaveBeenCalledOnce();
    expect(installPromptState()).toEqual({ prompt: null, installed: false });

    page.dispatchEvent(promptEvent('accepted').event);
    expect(await promptInstall()).toBe(true);
    expect(installPromptState().installed).toBe(true);

    page.dispatchEvent(new Event('appinstalled'));
    expect(installPromptState()).toEqual({ prompt: null, installed: true });
    expect(listener).toHaveBeenCalled();
    off();
  });
});
