import type { Page } from 'playwright-core';

/**
 * Collects what should never happen on a healthy page: console errors, uncaught exceptions, requests that
 * fail at the network level and responses with an error status.
 */
export function watchPageProblems(page: Page): { list: () => string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A read the browser cancelled (the page navigated away and ended its sync worker mid-request) is
    // not a failure: the worker repeats it on the next page. Cancelled writes still count.
    const errorText = request.failure()?.errorText ?? '';
    const isRead = request.method() === 'GET' || request.method() === 'HEAD';
    if (isRead && errorText === 'net::ERR_ABORTED' && request.url().includes('/rest/v1/')) return;
    problems.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { list: () => [...problems] };
}
