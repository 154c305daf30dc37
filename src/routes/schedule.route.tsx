import { createRoute } from '@tanstack/react-router';
import { isIsoDay } from '@/domain/dates';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

/**
 * `?view=month` shows the month (week otherwise); `?date=YYYY-MM-DD` anchors the view (today otherwise);
 * `?plan=1` opens the plan form for that day (home's "Plan a workout").
 */
export interface ScheduleSearch {
  view?: 'month';
  date?: string;
  plan?: 1;
}

export function parseScheduleSearch(search: Record<string, unknown>): ScheduleSearch {
  const out: ScheduleSearch = {};
  if (search.view === 'month') out.view = 'month';
  if (
    typeof search.date === 'string' &&
    isIsoDay(search.date) &&
    search.date >= '2000-01-01' &&
    search.date <= '2100-12-31'
  ) {
    out.date = search.date;
  }
  if (search.plan === 1 || search.plan === '1') out.plan = 1;
  return out;
}

export const scheduleRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/schedule',
  validateSearch: parseScheduleSearch,
  loader: ({ context }) => context.i18n.loadNamespaces(['schedule', 'motivation', 'errors']),
}).lazy(() => retryImport(() => import('./schedule.lazy')).then((module) => module.Route));
