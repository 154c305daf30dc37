import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useUserData } from '@/sync/user-data-context';
import { updateSettings } from '@/db/commands/settings';
import { getAuthClient } from '@/lib/auth/auth-client';
import { WalkthroughMachine, type WalkthroughState } from '../model/walkthrough-machine';
import { WALKTHROUGH_STEP_LIST, type WalkthroughStep } from '../model/walkthrough-steps';
import {
  METADATA_FLAG,
  metadataSaysDone,
  readWalkthroughDone,
  writeWalkthroughDone,
} from './walkthrough-record';
import { useOwnSettings } from '@/sync/use-live';

/** The first matching element that is rendered (the sidebar entry on desktop, the tab on a phone). */
export function visibleTarget(step: WalkthroughStep): Element | null {
  for (const element of document.querySelectorAll(step.target)) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

/**
 * Runs the walkthrough once per user: it starts the first time the user is on /home (and `enabled`,
 * i.e. no login animation is in the way) unless the local record, the auth metadata flag or the synced
 * settings row says it is done. Finishing (Done or Skip) records all three; the metadata update's
 * errors are ignored (spec point 7), the settings row syncs when online.
 */
export function useWalkthrough(enabled: boolean) {
  const { userId, user, db } = useUserData();
  const router = useRouter();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const settings = useOwnSettings();
  const [state, setState] = useState<WalkthroughState<Element> | null>(null);
  const [started, setStarted] = useState(false);
  const [finished, setFinished] = useState(false);
  const machine = useRef<WalkthroughMachine<Element> | null>(null);

  const done =
    readWalkthroughDone(userId) ||
    metadataSaysDone(user.user_metadata) ||
    settings?.walkthrough_done === true;

  // Latched during render (derived state): once started, leaving /home does not stop the tour.
  if (!started && enabled && !done && settings !== undefined && path === '/home') setStarted(true);

  const active = started && !finished;
  useEffect(() => {
    if (!active) return;
    const instance = new WalkthroughMachine<Element>({
      steps: WALKTHROUGH_STEP_LIST,
      findTarget: visibleTarget,
      currentPath: () => router.state.location.pathname,
      // Paths of pages other features own: history keeps this free of the typed route list.
      navigate: (to) => router.history.push(to),
      onChange: setState,
      onFinish: () => {
        writeWalkthroughDone(userId);
        setFinished(true);
        void updateSettings({ db, userId }, { walkthrough_done: true });
        void getAuthClient()
          .auth.updateUser({ data: { [METADATA_FLAG]: true } })
          .catch(() => undefined);
      },
    });
    machine.current = instance;
    instance.start();
    return () => {
      instance.dispose();
      machine.current = null;
    };
  }, [active, router, userId, db]);

  useEffect(() => {
    machine.current?.routeChanged(path);
  }, [path]);

  const step = state === null ? undefined : WALKTHROUGH_STEP_LIST[state.index];
  return {
    state: active ? state : null,
    step,
    total: WALKTHROUGH_STEP_LIST.length,
    next: () => machine.current?.next(),
    back: () => machine.current?.back(),
    skip: () => machine.current?.skip(),
  };
}
