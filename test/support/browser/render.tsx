import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/app/app-error-boundary';
import { AppProviders } from '@/app/providers';
import { createAppRouter, routerDefaults } from '@/app/router';
import type { RouterContext } from '@/app/router-context';
import type { Language } from '@/domain/language';
import { createI18n } from '@/lib/i18n';
import { localeResources } from './locale-resources';

export interface RenderOptions {
  /** The memory history's starting URL (path, search, hash); `/` by default. */
  route?: string;
  /** A fixed language, `en` by default. Pass `i18n` instead to test detection. */
  language?: Language;
  /** A ready i18n instance (e.g. from createTestI18n with detection). */
  i18n?: I18n;
}

export interface RenderWithProvidersResult extends RenderResult {
  i18n: I18n;
  router: AnyRouter;
  user: UserEvent;
}

/** An i18n instance with every real locale file loaded, synchronously. Omit `language` to run detection. */
export function createTestI18n(language?: Language): I18n {
  const { i18n } = createI18n({
    resources: localeResources(),
    ...(language === undefined ? {} : { language }),
  });
  return i18n;
}

function renderRouter(router: AnyRouter, i18n: I18n): RenderWithProvidersResult {
  const result = render(
    <AppErrorBoundary i18n={i18n}>
      <AppProviders i18n={i18n} env="test">
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>,
  );
  return { ...result, i18n, router, user: userEvent.setup() };
}

/**
 * Renders `ui` with Mantine, i18n and a memory-history router whose one route (a splat) shows `ui` at
 * `route`, so Links and router hooks work. The router uses the app's error and pending components.
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}): RenderWithProvidersResult {
  const i18n = options.i18n ?? createTestI18n(options.language ?? 'en');
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.route ?? '/'] }),
    context: { i18n },
    ...routerDefaults,
  });
  return renderRouter(router, i18n);
}

/** Renders the whole app (the real route tree) at `route`. */
export function renderApp(options: RenderOptions = {}): RenderWithProvidersResult {
  const i18n = options.i18n ?? createTestI18n(options.language ?? 'en');
  const router = createAppRouter({
    context: { i18n },
    history: createMemoryHistory({ initialEntries: [options.route ?? '/'] }),
  });
  return renderRouter(router, i18n);
}
