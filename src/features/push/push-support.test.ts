import { describe, expect, it } from 'vitest';
import { pushSupport } from './push-support';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

function browser(options: {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  standalone?: boolean;
  displayModeStandalone?: boolean;
  apis: boolean;
}): Window & typeof globalThis {
  const navigator = {
    userAgent: options.userAgent,
    platform: options.platform ?? 'Linux x86_64',
    maxTouchPoints: options.maxTouchPoints ?? 0,
    ...(options.standalone === undefined ? {} : { standalone: options.standalone }),
    ...(options.apis ? { serviceWorker: {} } : {}),
  };
  return {
    navigator,
    matchMedia: (query: string) => ({
      matches: query === '(display-mode: standalone)' && options.displayModeStandalone === true,
    }),
    ...(options.apis ? { PushManager: class {}, Notification: class {} } : {}),
  } as unknown as Window & typeof globalThis;
}

describe('push support', () => {
  it('a desktop or Android browser with the APIs is supported; without them it is not', () => {
    expect(pushSupport(browser({ userAgent: CHROME, apis: true }))).toBe('supported');
    expect(pushSupport(browser({ userAgent: CHROME, apis: false }))).toBe('unsupported');
  });

  it('iOS Safari in a tab asks for the Home Screen first, even where the tab exposes the APIs', () => {
    expect(pushSupport(browser({ userAgent: IPHONE, apis: false }))).toBe('ios-home-screen');
    expect(pushSupport(browser({ userAgent: IPHONE, apis: true }))).toBe('ios-home-screen');
    // iPadOS presents itself as a Mac with a touch screen.
    const ipad = browser({
      userAgent: 'Mozilla/5.0 (Macintosh)',
      platform: 'MacIntel',
      maxTouchPoints: 5,
      apis: false,
    });
    expect(pushSupport(ipad)).toBe('ios-home-screen');
  });

  it('the app opened from the Home Screen asks for permission as usual', () => {
    expect(pushSupport(browser({ userAgent: IPHONE, standalone: true, apis: true }))).toBe('supported');
    expect(pushSupport(browser({ userAgent: IPHONE, displayModeStandalone: true, apis: true }))).toBe(
      'supported',
    );
    // Installed on an iOS older than 16.4: no push at all.
    expect(pushSupport(browser({ userAgent: IPHONE, standalone: true, apis: false }))).toBe('unsupported');
  });
});
