// Build time only (scripts/prerender-landing.ts bundles this with Vite for Node and calls it): the landing
// page inside the public header and footer, rendered to HTML with the app's own providers and theme, so the
// static `/` of the production build looks exactly like the React page. Never part of the browser bundle.
import { IconMoon, IconSun } from '@tabler/icons-react';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import type { Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { AppProviders } from '@/app/providers';
import { PublicShell } from '@/app/shell/public-shell';
import { LandingPage } from '@/features/landing/components/landing-page';
import { StaticLandingContext } from '@/features/landing/components/static-landing-context';
import { createI18n } from '@/lib/i18n';
import type { StaticLandingRender } from './boot-data';

/**
 * Renders `/` in English from `resources` (the scripts pass texts that differ by language as placeholders,
 * which they turn into translatable markup afterwards).
 */
export function renderStaticLanding(resources: Resource): StaticLandingRender {
  const { i18n } = createI18n({ language: 'en', resources });
  // Links only need a router to build their href; the app's route tree (and its lazy chunks) is not needed.
  const router: AnyRouter = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const html = renderToString(
    <AppProviders i18n={i18n}>
      <RouterContextProvider router={router}>
        <StaticLandingContext.Provider value>
          <PublicShell>
            <LandingPage />
          </PublicShell>
        </StaticLandingContext.Provider>
      </RouterContextProvider>
    </AppProviders>,
  );
  return {
    html,
    moonIcon: renderToString(<IconMoon size={20} stroke={1.75} />),
    sunIcon: renderToString(<IconSun size={20} stroke={1.75} />),
  };
}
