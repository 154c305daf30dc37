import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/lib/feedback/toast';
import { retryImport } from '@/lib/retry-import';
import { JoinButton, type JoinButtonStatus } from './join-button';

const ReplaceWorkoutModal = lazy(() =>
  retryImport(() => import('./replace-workout-modal')).then((module) => ({
    default: module.ReplaceWorkoutModal,
  })),
);

/** What the control needs from the join wiring (`useJoinAction` in src/db/join-status.ts). */
export interface JoinControlAction {
  status: JoinButtonStatus;
  busy: boolean;
  /** Set while the user is asked whether to replace their own workout at the same time. */
  clash: unknown;
  join: () => Promise<{ ok: boolean } | null>;
  replace: () => Promise<{ ok: boolean } | null>;
  cancel: () => void;
}

/**
 * Join a friend's planned workout, wherever it is offered (the feed, a friend's profile, who is at the
 * gym): Join → Joining… → Joined / Closed, offline too (the join command queues the request). A clash with
 * a workout of mine asks whether to replace it. One control, so Join reads and behaves alike everywhere.
 */
export function JoinControl({ action, friend }: { action: JoinControlAction; friend: string }) {
  const { t } = useTranslation('common');
  // The clash dialog loads on the first clash, then stays mounted so that it closes with its transition.
  const clashing = action.clash !== null;
  const [asked, setAsked] = useState(false);
  if (clashing && !asked) setAsked(true);

  const report = (result: { ok: boolean } | null) => {
    if (result && !result.ok) {
      toastError(t('join.failed'));
    }
  };

  return (
    <>
      <JoinButton
        status={action.status}
        busy={action.busy}
        labels={{
          join: t('join.join'),
          joining: t('join.joining'),
          joined: t('join.joined'),
          closed: t('join.closed'),
        }}
        onJoin={() => void action.join().then(report)}
      />
      {asked && (
        <Suspense fallback={null}>
          <ReplaceWorkoutModal
            opened={clashing}
            title={t('join.clashTitle')}
            body={t('join.clashBody', { friend })}
            replaceLabel={t('join.replace')}
            keepLabel={t('join.keep')}
            busy={action.busy}
            onReplace={() => void action.replace().then(report)}
            onKeep={action.cancel}
          />
        </Suspense>
      )}
    </>
  );
}
