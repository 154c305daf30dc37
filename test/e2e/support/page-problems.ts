import type { Page } from 'playwright-core';

/**
 * Collects what should never happen on a healthy page: console errors, uncaught exceptions, requests that
 * fail at the network level and responses with an error status.
 */
export function watchPageProblems(page: Page): { list: () => string[]; clear: () => void } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    // ERR_ABORTED is the browser cancelling a request itself: a navigation ends the page's lazy chunk
    // loads and its sync worker mid-request. Nothing failed: the sync layer repeats unacknowledged
    // writes (tests assert on the server's rows), and the next page loads what it needs. Real network
    // failures carry other codes (ERR_FAILED, ERR_CONNECTION_REFUSED, ERR_INTERNET_DISCONNECTED).
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return {
    list: () => [...problems],
    // After a test that provokes failures on purpose and checks them itself.
    clear: () => void problems.splice(0),
  };
}
