import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { useProgressSight } from '@/db/progress-sight';
import { resolveTimeZone } from '@/domain/dates';
import { usePageTitle } from '@/lib/use-page-title';
import { purgeStaleRestDayFlags, readRestDayFlag } from '@/lib/rest-day-flag';
import { useScheduleActions } from '../data/use-schedule-actions';
import { useScheduleData } from '../data/use-schedule-data';
import { useToday } from '@/lib/clock';
import {
  cellsFor,
  isInPeriod,
  shiftAnchor,
  visibleRange,
  weekStartFor,
  type CalendarView,
} from '../model/calendar';
import { useFormatLocale } from '@/lib/use-format-locale';
import { formatMonth, formatRange } from '../model/format';
import { emptyForm, formFromWorkout, type WorkoutFormValues } from '../model/workout-form';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { CalendarGrid } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import { DayBoundaryNote } from './day-boundary-note';
import { DayPanel } from './day-panel';
import { JoinAnswerRefusals } from './workout-join';
import { DeleteWorkoutModal } from './delete-workout-modal';
import { ProgressChips, type ProgressSummary } from './progress-chips';
import { RestDayCelebration } from './rest-day-celebration';
import classes from './schedule.module.css';
import { WorkoutFormModal } from './workout-form-modal';
import { useOwnProfile } from '@/sync/use-live';

export interface ScheduleLocation {
  view: CalendarView;
  /** The day the view is anchored on (its week or month is shown); undefined = today. */
  date?: string | undefined;
}

export interface SchedulePageProps extends ScheduleLocation {
  progress: ProgressSummary | undefined;
  onNavigate: (next: ScheduleLocation) => void;
  /** Opens the plan form for the anchored day on arrival (`/schedule?plan=1`). */
  openPlanForm?: boolean;
  /** The form opened by `openPlanForm` closed (saved or cancelled). */
  onPlanFormClosed?: () => void;
  /** Tests fix the clock. */
  clock?: () => Date;
}

type FormState = { key: number; mode: 'create' | 'edit'; initial: WorkoutFormValues; id: string | null };

/** /schedule: the calendar (week or month), the selected day's plan, and the add/edit/delete/rest flows. */
export function SchedulePage({
  view,
  date,
  progress,
  onNavigate,
  openPlanForm = false,
  onPlanFormClosed,
  clock,
}: SchedulePageProps) {
  const { t } = useTranslation('schedule');
  const locale = useFormatLocale();
  const { db, userId } = useUserData();
  const sight = useProgressSight(db, userId);
  usePageTitle(t('title'));
  const profile = useOwnProfile();
  const today = useToday(profile?.timezone, clock);
  const anchor = date ?? today;
  const weekStart = useMemo(() => weekStartFor(locale), [locale]);
  const [selected, setSelected] = useState(anchor);
  // Selection follows the anchor when the URL moves it (previous/next, Today, back button). When today
  // itself moves (midnight, or the profile's zone following the device after sign-in or a flight), a
  // day the user picked in the period shown stays picked; a selection on the old today follows.
  const [lastAnchor, setLastAnchor] = useState(anchor);
  if (anchor !== lastAnchor) {
    setLastAnchor(anchor);
    const keep =
      date === undefined && selected !== lastAnchor && isInPeriod(selected, anchor, view, weekStart);
    if (!keep) setSelected(anchor);
  }

  const cells = useMemo(() => cellsFor(view, anchor, weekStart, today), [view, anchor, weekStart, today]);
  const range = visibleRange(cells);
  const data = useScheduleData(db, userId, range.from, range.to);

  // The local rest-day record: purge other days' records, then read today's (spec point 4).
  const [restFlag] = useState(() => {
    purgeStaleRestDayFlags(today);
    return readRestDayFlag(userId, today) !== null;
  });

  const [form, setForm] = useState<FormState | null>(() =>
    openPlanForm ? { key: 1, mode: 'create', initial: emptyForm(anchor), id: null } : null,
  );
  const closeForm = () => {
    setForm(null);
    if (openPlanForm) onPlanFormClosed?.();
  };
  const [toDelete, setToDelete] = useState<WorkoutDoc | null>(null);
  const [celebrating, setCelebrating] = useState<string | null>(null);
  const actions = useScheduleActions({ db, userId, today, clock });

  const select = (day: string) => {
    setSelected(day);
    if (!isInPeriod(day, anchor, view, weekStart)) {
      setLastAnchor(day);
      onNavigate({ view, date: day });
    }
  };

  const plannedDates = useMemo(
    () => new Set([...data.byDay].filter(([, d]) => d.workouts.length > 0).map(([day]) => day)),
    [data.byDay],
  );

  const openCreate = (day: string) =>
    setForm((f) => ({ key: (f?.key ?? 0) + 1, mode: 'create', initial: emptyForm(day), id: null }));

  const periodLabel =
    view === 'month' ? formatMonth(anchor, locale) : formatRange(range.from, range.to, locale);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {t('title')}
            </Title>
            <Text c="dimmed">{t('description')}</Text>
            <DayBoundaryNote db={db} userId={userId} zone={resolveTimeZone(profile?.timezone)} />
          </Stack>
          <Group gap="sm">
            <ProgressChips progress={progress} sight={sight} />
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => openCreate(selected)}
              data-walkthrough="plan-add-button"
            >
              {t('addButton')}
            </Button>
          </Group>
        </Group>

        <CalendarToolbar
          view={view}
          periodLabel={periodLabel}
          showsToday={isInPeriod(today, anchor, view, weekStart) && selected === today}
          onView={(next) => onNavigate({ view: next, date })}
          onStep={(direction) => onNavigate({ view, date: shiftAnchor(anchor, view, direction) })}
          onToday={() => {
            setSelected(today);
            onNavigate({ view });
          }}
        />

        <JoinAnswerRefusals />
        <div className={classes.layout}>
          <CalendarGrid
            view={view}
            cells={cells}
            weekStart={weekStart}
            byDay={data.byDay}
            selected={selected}
            onSelect={select}
          />
          <DayPanel
            day={selected}
            today={today}
            data={data.byDay.get(selected)}
            restFlag={!data.loaded && restFlag}
            pendingIds={data.pendingIds}
            resting={actions.resting}
            onPlan={() => openCreate(selected)}
            onRest={() => {
              void actions.confirmRest(selected).then((ok) => {
                if (ok) setCelebrating(selected);
              });
            }}
            onEdit={(w) =>
              setForm((f) => ({
                key: (f?.key ?? 0) + 1,
                mode: 'edit',
                initial: formFromWorkout(w),
                id: w.id,
              }))
            }
            onDelete={setToDelete}
          />
        </div>
      </Stack>

      {form && (
        <WorkoutFormModal
          key={form.key}
          opened
          mode={form.mode}
          initial={form.initial}
          today={today}
          plannedDates={plannedDates}
          onClose={closeForm}
          onSubmit={async (input) => {
            const saved = form.id === null ? await actions.plan(input) : await actions.edit(form.id, input);
            if (saved) select(input.date);
            return saved;
          }}
        />
      )}
      <DeleteWorkoutModal
        workout={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={async (w) => {
          if (await actions.remove(w.id)) setToDelete(null);
        }}
      />
      <RestDayCelebration
        day={celebrating}
        streak={progress?.currentStreak ?? 0}
        onClose={() => setCelebrating(null)}
      />
    </Container>
  );
}
