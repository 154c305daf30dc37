// @clock-sensitive: wall-clock timestamps
// Edit profile and visibility on /profile (issue 14) on a real database (RxDB on fake-indexeddb): the edit
// shows at once, is one queued intent, bad input is named and keeps what was typed, a refusal the server
// sends later reaches the form, markup stays text, and the German texts and number format render.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateProfile } from '@/db/commands/profile';
import { writeProfileDetails, type ProfileDetails } from '@/db/local-state';
import { pendingEntries, readPending, settleIntent } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { EditProfileCard } from './edit-profile-card';
import { ProfilePage } from './profile-page';

afterEach(async () => {
  // Unmount first: the page's live local-document subscriptions must end before the database closes.
  cleanup();
  await cleanupDatabases();
});

// The first save loads the commands' input schemas (zod); the shared test machine can be slow.
const SLOW = { timeout: 8000 };

const DETAILS: ProfileDetails = {
  id: USER,
  birth_date: null,
  gender: null,
  height_cm: 168,
  weight_kg: 61.5,
  target_weight_kg: null,
  primary_goal: null,
  secondary_goal: null,
  preferred_workout_time: null,
  workout_duration_min: 60,
  fitness_level: 'intermediate',
  phone: null,
};

async function renderProfile(options: { language?: Language } = {}) {
  const db = await openTestDatabase({ userId: USER });
  await db.profiles.insert({ ...ROWS.profiles });
  await writeProfileDetails(db, DETAILS);
  const sync = new SyncWorkerClient(() => {
    throw new Error('never started');
  });
  const rendered = renderWithProviders(
    <ProfilePage
      db={db}
      userId={USER}
      sync={sync}
      progress={undefined}
      addFriendOpen={false}
      onAddFriendOpenChange={() => undefined}
    />,
    { route: '/profile', language: options.language ?? 'en' },
  );
  const form = await screen.findByRole('region', {
    name: options.language === 'de' ? 'Profil bearbeiten' : 'Edit profile',
  });
  return { ...rendered, db, form };
}

const intents = async (db: Awaited<ReturnType<typeof renderProfile>>['db']) =>
  pendingEntries(await readPending(db)).filter((e) => e.kind === 'intent');

describe('edit profile', () => {
  it('saves at once, shows the new name on the card and queues exactly one intent', async () => {
    const { user, db, form } = await renderProfile();
    const username = within(form).getByLabelText(/Username/);
    expect(username).toHaveValue('lena');
    expect(within(form).getByText(/Your Spotter ID: lena#0042/)).toBeInTheDocument();
    await user.clear(username);
    await user.type(username, 'lena_lifts');
    await user.clear(within(form).getByLabelText('Last name'));
    await user.type(within(form).getByLabelText('Last name'), 'Berg');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated successfully!', {}, SLOW)).toBeInTheDocument();
    // The card renders live results in a transition (use-live-query.ts): it may follow the toast by a frame.
    const card = screen.getByRole('region', { name: 'Your profile' });
    expect(await within(card).findByText('lena_lifts')).toBeInTheDocument();
    expect(within(card).getByText('Lena Berg')).toBeInTheDocument();
    const queued = await intents(db);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      key: `profiles:${USER}`,
      request: { type: 'update', table: 'profiles', values: { username: 'lena_lifts', last_name: 'Berg' } },
    });
  });

  it('shows a later refusal of the edit in the form, with the stored values back', async () => {
    const { user, db, form } = await renderProfile();
    const lastName = within(form).getByLabelText('Last name');
    await user.type(lastName, 'Berg');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully!', {}, SLOW)).toBeInTheDocument();
    expect(lastName).toHaveValue('Berg');
    const [entry] = await intents(db);
    if (!entry) throw new Error('no intent');
    await settleIntent(
      db,
      entry.key,
      entry.seq,
      { status: 'refused', code: '23514', message: 'check' },
      new Date(),
    );

    const alert = await within(form).findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Failed to update profile')).toBeInTheDocument();
    await waitFor(() => expect(lastName).toHaveValue(''), SLOW);
  });

  it("a refused picture comes back as 'Failed to update profile picture'; a URL elsewhere is not even queued", async () => {
    const { db, form } = await renderProfile();
    const ctx = { db, userId: USER };
    const elsewhere = await updateProfile(ctx, { profile_picture_url: 'https://tracker.example/pixel.gif' });
    expect(elsewhere.ok).toBe(false);
    expect(await intents(db)).toHaveLength(0);
    const own = `${globalThis.location.origin}/storage/v1/object/public/avatars/${USER}/a.webp`;
    expect((await updateProfile(ctx, { profile_picture_url: own })).ok).toBe(true);
    const [entry] = await intents(db);
    if (!entry) throw new Error('no intent');
    await settleIntent(
      db,
      entry.key,
      entry.seq,
      { status: 'refused', code: '23514', message: 'Invalid profile picture URL' },
      new Date(),
    );
    const alert = await within(form).findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Failed to update profile picture')).toBeInTheDocument();
  });

  it('stops the username at 12 characters and says what will be kept', async () => {
    const { user, form } = await renderProfile();
    const username = within(form).getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, '  abcdefghijklmnop');
    // Two spaces and ten letters: typing stopped at 12, and the spaces are trimmed when saved.
    expect(username).toHaveValue('  abcdefghij');
    expect(within(form).getByText('Will be saved as “abcdefghij”.')).toBeInTheDocument();
  });

  it('names bad input, keeps everything typed and writes nothing', async () => {
    const { user, db, form } = await renderProfile();
    const username = within(form).getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'ab');
    await user.type(within(form).getByLabelText('Phone'), '+49 30 1234567');
    const height = within(form).getByLabelText('Height (cm)');
    await user.clear(height);
    await user.type(height, '300');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(
      await within(form).findByText('Username must be 3 to 12 characters', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(form).getByText('Height must be between 50 and 275 cm')).toBeInTheDocument();
    expect(await screen.findByText('Failed to update profile', {}, SLOW)).toBeInTheDocument();
    expect(username).toHaveValue('ab');
    expect(within(form).getByLabelText('Phone')).toHaveValue('+49 30 1234567');
    expect(height).toHaveValue('300');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(await intents(db)).toHaveLength(0);
    expect((await db.profiles.findOne(USER).exec())?.username).toBe('lena');
  });

  it('saves details in one intent and shows markup as text', async () => {
    const { user, db, form } = await renderProfile();
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), '<b>Lena</b>');
    await user.selectOptions(within(form).getByLabelText('Fitness level'), 'Expert');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully!', {}, SLOW)).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Your profile' });
    expect(await within(card).findByText('<b>Lena</b>', {}, SLOW)).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    const queued = await intents(db);
    expect(queued.map((e) => e.key).sort()).toEqual([`profile_details:${USER}`, `profiles:${USER}`]);
    expect(queued.find((e) => e.collection === 'profile_details')?.request).toMatchObject({
      values: { fitness_level: 'expert' },
    });
  });

  it('says the user must be logged in when there is no user', async () => {
    // The route is signed-in only; the card itself still refuses without a user (spec point 5).
    const db = await openTestDatabase({ userId: USER });
    const { user } = renderWithProviders(
      <EditProfileCard
        db={db}
        userId=""
        profile={ROWS.profiles}
        details={DETAILS}
        refused={[]}
        onDismissRefused={() => undefined}
      />,
      { route: '/profile' },
    );
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('You must be logged in to update your profile', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('renders in German with the decimal comma', async () => {
    const { form } = await renderProfile({ language: 'de' });
    expect(within(form).getByLabelText(/Benutzername/)).toHaveValue('lena');
    expect(within(form).getByLabelText('Gewicht (kg)')).toHaveValue('61,5');
    expect(within(form).getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wer dich sehen kann' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Nur Freunde/ })).toBeChecked();
  });
});

describe('visibility', () => {
  it('saves the choice at once; a later refusal rolls it back and reaches the form', async () => {
    const { user, db, form } = await renderProfile();
    const section = screen.getByRole('region', { name: 'Who can see you' });
    expect(within(section).getByRole('radio', { name: /Friends only/ })).toBeChecked();
    expect(
      within(section).getByText(
        /Only you see your profile, your friends list, your activity and your gym presence/,
      ),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: /Private/ }));
    await waitFor(() => expect(within(section).getByRole('radio', { name: /Private/ })).toBeChecked(), SLOW);

    // The choice shows before the ledger write lands (a moment later on a loaded machine).
    let entry: Awaited<ReturnType<typeof intents>>[number] | undefined;
    await waitFor(async () => {
      [entry] = await intents(db);
      expect(entry).toMatchObject({ request: { values: { visibility: 'private' } } });
    }, SLOW);
    if (!entry) throw new Error('no intent');
    // The server refuses it later (as the sync worker would record it).
    await settleIntent(
      db,
      entry.key,
      entry.seq,
      { status: 'refused', code: '42501', message: 'denied' },
      new Date(),
    );

    const alert = await within(form).findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Failed to update privacy settings')).toBeInTheDocument();
    await waitFor(
      () => expect(within(section).getByRole('radio', { name: /Friends only/ })).toBeChecked(),
      SLOW,
    );
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull(), SLOW);
  });
});
