import { useEffect, useSyncExternalStore } from 'react';
import { getAuthState, startAuth, subscribeAuth, type AuthState } from './session-store';

/** The current auth state; starts the auth client on first use. */
export function useAuthState(): AuthState {
  useEffect(startAuth, []);
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
