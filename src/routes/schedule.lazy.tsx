import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useUserData } from '@/sync/user-data-context';
import { SchedulePage } from '@/features/schedule/components/schedule-page';
import { useLocalProgress } from '@/db/progress/use-local-progress';

export const Route = createLazyRoute('/_app/schedule')({ component: ScheduleRoutePage });

function ScheduleRoutePage() {
  const { db, userId } = useUserData();
  const progress = useLocalProgress(db, userId);
  const search = useSearch({ from: '/_app/schedule' });
  const navigate = useNavigate({ from: '/schedule' });
  return (
    <SchedulePage
      view={search.view ?? 'week'}
      date={search.date}
      openPlanForm={search.plan === 1}
      // The form opened from the link is closed: drop the flag, so back or a reload does not reopen it.
      onPlanFormClosed={() => void navigate({ search: ({ plan: _plan, ...rest }) => rest, replace: true })}
      progress={progress}
      onNavigate={(next) =>
        void navigate({
          search: {
            ...(next.view === 'month' ? { view: 'month' as const } : {}),
            ...(next.date === undefined ? {} : { date: next.date }),
          },
        })
      }
    />
  );
}
