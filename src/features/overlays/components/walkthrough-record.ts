// "Done" for the walkthrough (spec point 4): the local record (per user, version v1) or the auth user's
// metadata flag walkthrough_done_v1; the synced user_settings.walkthrough_done carries it to the user's
// other devices as well.
import { WALKTHROUGH_VERSION } from '@/domain/constants';

export const walkthroughRecordKey = (userId: string) =>
  `spotter.walkthrough.${WALKTHROUGH_VERSION}.${userId}`;

export function readWalkthroughDone(userId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(walkthroughRecordKey(userId)) === 'done';
  } catch {
    return false;
  }
}

export function writeWalkthroughDone(userId: string): void {
  try {
    globalThis.localStorage?.setItem(walkthroughRecordKey(userId), 'done');
  } catch {
    // storage unavailable: the settings row and the metadata flag still record it
  }
}

export const METADATA_FLAG = `walkthrough_done_${WALKTHROUGH_VERSION}`;

export function metadataSaysDone(metadata: Record<string, unknown> | undefined): boolean {
  return metadata?.[METADATA_FLAG] === true;
}
