import { partNamespace } from '@/lib/i18n/locale-parts';

/**
 * The card's own texts (the `card` part of the challenges namespace, not the 37 catalogue entries): the
 * home route's loader loads them before the screen renders.
 */
export const CARD_NAMESPACE = partNamespace('challenges', 'card');
