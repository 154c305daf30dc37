// Spec point 2: on every route change the page scrolls smoothly to the top: the app scroll container if
// there is one, otherwise the window. The router does the scrolling (its scroll reset runs on every new
// navigation; a back/forward navigation restores the position it had instead); this module gives it the
// behaviour and the container. A scroll of our own on top of the router's would fight it: the router
// jumps first, or cuts a smooth scroll short.

/** Marks the element that scrolls the app's content, when it is not the window. */
export const APP_SCROLL_CONTAINER_ATTRIBUTE = 'data-app-scroll-container';
export const APP_SCROLL_CONTAINER_SELECTOR = `[${APP_SCROLL_CONTAINER_ATTRIBUTE}]`;

/** Smooth, or instant when the user prefers reduced motion (read when the router is created). */
export function preferredScrollBehavior(): ScrollBehavior {
  const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduce ? 'instant' : 'smooth';
}

/** The router options that make every route change scroll to the top this way. */
export function scrollToTopOptions(): {
  scrollRestoration: true;
  scrollRestorationBehavior: ScrollBehavior;
  scrollToTopSelectors: string[];
} {
  return {
    scrollRestoration: true,
    scrollRestorationBehavior: preferredScrollBehavior(),
    scrollToTopSelectors: [APP_SCROLL_CONTAINER_SELECTOR],
  };
}
