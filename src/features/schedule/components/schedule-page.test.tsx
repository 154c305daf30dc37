// @clock-sensitive: today, weeks and months
import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { updateSyncMeta } from '@/db/local-state';
import { readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { ProgressSummary } from './progress-chips';
import { SchedulePage, type ScheduleLocation } from './schedule-page';

// 12:00 UTC on Sunday 2026-11-22 is 13:00 in Berlin (the fixture profile's zone).
const NOW = new Date('2026-11-22T12:00:00.000Z');
const clock = () => NOW;
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;

afterEach(cleanupDatabases);

interface HarnessProps {
  db: SpotterDatabase;
  progress: ProgressSummary;
  initial: ScheduleLocation;
  withBump: boolean;
  /** Arrive with the plan form open (`/schedule?plan=1`); called when it closes. */
  onPlanFormClosed?: (() => void) | undefined;
}

/** The route's part: the location state (the URL search in the app) and the progression (here a prop). */
function Harness({ db, progress: initialProgress, initial, withBump, onPlanFormClosed }: HarnessProps) {
  const [location, setLocation] = useState(initial);
  const [progress, setProgress] = useState(initialProgress);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  return (
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      {withBump && (
        <button type="button" onClick={() => setProgress((p) => ({ ...p, xp: p.xp + 5, settled: false }))}>
          bump
        </button>
      )}
      <SchedulePage
        {...location}
        progress={progress}
        onNavigate={setLocation}
        clock={clock}
        openPlanForm={onPlanFormClosed !== undefined}
        {...(onPlanFormClosed ? { onPlanFormClosed } : {})}
      />
    </UserDataContext.Provider>
  );
}

async function renderSchedule(
  options: {
    language?: Language;
    progress?: ProgressSummary;
    initial?: ScheduleLocation;
    withBump?: boolean;
    onPlanFormClosed?: () => void;
    /** This device has finished a pull of everything (default); false: a new device's first pull runs. */
    synced?: boolean;
  } = {},
) {
  const db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'workouts', 'rest_days', 'workout_join_requests'],
  });
  await db.profiles.insert({ ...ROWS.profiles, current_streak: 0 });
  if (options.synced ?? true) await updateSyncMeta(db, { last_synced_at: new Date().toISOString() });
  const progress = options.progress ?? { xp: 415, level: 2, currentStreak: 0, settled: true };
  const rendered = renderWithProviders(
    <Harness
      db={db}
      progress={progress}
      initial={options.initial ?? { view: 'week' }}
      withBump={options.withBump ?? false}
      onPlanFormClosed={options.onPlanFormClosed}
    />,
    { language: options.language ?? 'en' },
  );
  await screen.findByTestId('day-panel');
  // Until the profile loads, "today" is the device's (the machine's TZ): at Kiritimati NOW is already
  // Monday the 23rd. Every test starts from the profile's today (Berlin, Sunday the 22nd).
  await waitFor(() => expect(screen.getByTestId('day-2026-11-22')).toHaveAttribute('aria-current', 'date'));
  return { ...rendered, db };
}

describe('SchedulePage', () => {
  it('shows the week of today with the today marker, Sunday first for en-US', async () => {
    await renderSchedule();
    const calendar = screen.getByRole('group', { name: 'Calendar' });
    const days = within(calendar).getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAttribute('data-day', '2026-11-22');
    expect(days[0]).toHaveAttribute('aria-current', 'date');
    expect(days[0]).toHaveAttribute('aria-pressed', 'true');
    expect(days[0]).toHaveAccessibleName(/Sunday, November 22, 2026\. Today\. Nothing planned/);
    expect(screen.getByRole('button', { name: 'Plan workout' })).toHaveAttribute(
      'data-walkthrough',
      'plan-add-button',
    );
    expect(screen.getByTestId('day-panel')).toHaveAttribute('data-walkthrough', 'plan-day-view');
  });

  it('navigates weeks and months and comes back to today', async () => {
    const { user: u } = await renderSchedule();
    await u.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('schedule-period')).toHaveTextContent('Nov 29 – Dec 5, 2026');
    await u.click(screen.getByRole('radio', { name: 'Month' }));
    expect(screen.getByTestId('schedule-period')).toHaveTextContent('November 2026');
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByTestId('schedule-period')).toHaveTextContent('December 2026');
    expect(within(screen.getByRole('group', { name: 'Calendar' })).getAllByRole('button')).toHaveLength(35);
    await u.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('schedule-period')).toHaveTextContent('November 2026');
    expect(screen.getByTestId('day-2026-11-22')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a picked day when today moves with the zone, and moves a selection still on today', async () => {
    const { user: u, db } = await renderSchedule();
    // The profile follows the device to Kiritimati (UTC+14): today becomes Monday 23 November.
    const moveZone = async (timezone: string) =>
      (await db.profiles.findOne(USER).exec())?.incrementalPatch({ timezone });
    await moveZone('Pacific/Kiritimati');
    await waitFor(() => expect(screen.getByTestId('day-2026-11-23')).toHaveAttribute('aria-pressed', 'true'));
    // A day picked by the user stays picked when today moves back (Berlin again) or on.
    await u.click(screen.getByTestId('day-2026-11-25'));
    await moveZone('Europe/Berlin');
    await waitFor(() => expect(screen.getByTestId('day-2026-11-22')).toHaveAttribute('aria-current', 'date'));
    expect(screen.getByTestId('day-2026-11-25')).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('day-panel')).getByText(/November 25/)).toBeInTheDocument();
  });

  it('moves the selection with the arrow keys, across the period edge', async () => {
    const { user: u } = await renderSchedule();
    screen.getByTestId('day-2026-11-22').focus();
    await u.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('schedule-period')).toHaveTextContent('Nov 15 – 21, 2026');
    expect(screen.getByTestId('day-2026-11-21')).toHaveAttribute('aria-pressed', 'true');
  });

  it('arrives with the plan form open for the anchored day (home: Plan a workout) and reports its close', async () => {
    const closed = vi.fn();
    const { user: u } = await renderSchedule({
      initial: { view: 'week', date: '2026-11-24' },
      onPlanFormClosed: closed,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Plan a workout' });
    expect(within(dialog).getByLabelText('Date', { exact: false })).toHaveValue('2026-11-24');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('plans from a preset, edits and deletes with confirmation', async () => {
    const { user: u, db } = await renderSchedule();
    await u.click(screen.getByRole('button', { name: 'Plan workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a workout' });
    expect(within(dialog).getByTestId('xp-hint')).toHaveTextContent('+5 XP for planning on this day');
    await u.click(within(dialog).getByRole('button', { name: /Leg day/ }));
    await u.type(within(dialog).getByLabelText('Time', { exact: false }), '18:30');
    await u.click(within(dialog).getByRole('button', { name: 'Plan workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const panel = screen.getByTestId('day-panel');
    await within(panel).findByText('Leg day');
    const [doc] = await db.workouts.find().exec();
    expect(doc?.toJSON()).toMatchObject({
      type: 'strength',
      preset: 'leg_day',
      date: '2026-11-22',
      time: '18:30:00',
      duration_min: 60,
    });
    expect(Object.keys((await readPending(db)).entries)).toEqual([`workouts:${doc?.id}`]);
    expect(screen.getByTestId('day-2026-11-22')).toHaveAccessibleName(/1 workout: Leg day/);
    // the week cell and the day panel write the time alike (en-US in jsdom; the cell said "18:30")
    expect(screen.getByTestId('day-2026-11-22')).toHaveTextContent(/6:30[\s\u202f]PM/);
    expect(panel).toHaveTextContent(/6:30[\s\u202f]PM/);
    // The pending mark comes from the pending-writes record's own live value, a moment after the row.
    expect(await within(panel).findByText('Not synced yet')).toBeInTheDocument();

    await u.click(within(panel).getByRole('button', { name: 'Edit Leg day' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit workout' });
    await u.click(within(edit).getByRole('combobox', { name: /^Type/ }));
    await u.click(await screen.findByRole('option', { name: 'Yoga' }));
    await u.clear(within(edit).getByLabelText('Duration (minutes)', { exact: false }));
    await u.type(within(edit).getByLabelText('Duration (minutes)', { exact: false }), '45');
    await u.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await within(panel).findByText('Yoga');
    expect((await db.workouts.findOne(doc?.id ?? '').exec())?.toJSON()).toMatchObject({
      type: 'yoga',
      preset: null,
      duration_min: 45,
    });

    await u.click(within(panel).getByRole('button', { name: 'Delete Yoga' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete workout?' });
    await u.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(panel).getByText('Yoga')).toBeInTheDocument();
    await u.click(within(panel).getByRole('button', { name: 'Delete Yoga' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Delete workout?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(within(panel).queryByText('Yoga')).not.toBeInTheDocument());
    expect(await db.workouts.find().exec()).toHaveLength(0);
  }, 60_000);

  it('shows validation errors in German', async () => {
    const { user: u } = await renderSchedule({ language: 'de' });
    await u.click(screen.getByRole('button', { name: 'Training planen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Training planen' });
    await u.type(within(dialog).getByLabelText('Dauer (Minuten)', { exact: false }), '0');
    await u.click(within(dialog).getByRole('button', { name: 'Training planen' }));
    expect(await within(dialog).findByText('Wähle eine Trainingsart.')).toBeInTheDocument();
    expect(within(dialog).getByText('Gib ganze Minuten von 1 bis 1440 ein.')).toBeInTheDocument();
    // The German week starts on Monday.
    const days = within(screen.getByRole('group', { name: 'Kalender' })).getAllByRole('button');
    expect(days[0]).toHaveAttribute('data-day', '2026-11-16');
  });

  it('confirms a rest day with the celebration and keeps the local flag for today', async () => {
    const { user: u, db } = await renderSchedule({
      progress: { xp: 415, level: 2, currentStreak: 8, settled: true },
    });
    await u.click(screen.getByRole('button', { name: /Confirm rest day/ }));
    const celebration = await screen.findByTestId('rest-day-celebration');
    expect(within(celebration).getByTestId('rest-day-xp')).toHaveTextContent('+10 XP');
    expect(within(celebration).getByText('8 days streak')).toBeInTheDocument();
    expect(await db.rest_days.findOne(`${USER}:2026-11-22`).exec()).not.toBeNull();
    expect(localStorage.getItem(`rest_day_date_${USER}`)).toBe('2026-11-22');
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enjoy your rest' }));
    expect(await screen.findByText('Rest day confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirm rest day/ })).not.toBeInTheDocument();
  });

  it('explains why a rest day cannot be confirmed far ahead', async () => {
    const { user: u } = await renderSchedule();
    await u.click(screen.getByTestId('day-2026-11-26'));
    const rest = screen.getByRole('button', { name: /Confirm rest day/ });
    expect(rest).toBeDisabled();
    expect(rest).toHaveAccessibleDescription(/from tomorrow at the latest/);
  });

  it('pops the XP gain when XP rises, and announces it', async () => {
    const { user: u } = await renderSchedule({ withBump: true });
    expect(screen.queryByTestId('schedule-xp-gain')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'bump' }));
    expect(await screen.findByTestId('schedule-xp-gain')).toHaveTextContent('+5 XP');
    expect(screen.getByTestId('schedule-xp')).toHaveTextContent('420 XP');
    expect(within(screen.getByTestId('schedule-progress')).getByRole('status')).toHaveTextContent('+5 XP');
  });

  it('pops a write made on this device even while its first pull runs', async () => {
    // (XP the pull brings in, earned elsewhere, pops nothing: progress-card.test.tsx.)
    const { user: u } = await renderSchedule({ withBump: true, synced: false });
    await u.click(screen.getByRole('button', { name: 'bump' }));
    expect(await screen.findByTestId('schedule-xp-gain')).toHaveTextContent('+5 XP');
    expect(screen.getByTestId('schedule-xp')).toHaveTextContent('420 XP');
  });
});
