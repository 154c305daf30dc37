import { useEffect, useState } from 'react';
import type { ProfileRef, PublicProfileState } from './public-profile';

/**
 * Loads a public profile once per reference (`load` is loadAsVisitor or loadAsMember bound to the
 * member's sources); a stale answer for an earlier reference is dropped. `null` reference: nothing to load.
 */
export function usePublicProfile(
  ref: ProfileRef | null,
  load: (ref: ProfileRef) => Promise<PublicProfileState>,
): PublicProfileState {
  const [state, setState] = useState<{ key: string; value: PublicProfileState } | null>(null);
  const key = ref === null ? '' : JSON.stringify(ref);

  useEffect(() => {
    if (ref === null) return;
    let current = true;
    void load(ref).then((value) => {
      if (current) setState({ key, value });
    });
    return () => {
      current = false;
    };
    // `ref` is captured by its key: a new object for the same profile does not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load]);

  return state !== null && state.key === key ? state.value : { status: 'loading' };
}
