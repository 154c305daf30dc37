/**
 * The page's one door to the service worker's IndexedDB (`service-worker/queue-db.ts`: the write queue,
 * its outcomes, the auth token and the push renewal record). Everything else in `src/` imports the store
 * from here, so a change to the service worker's storage has one place to look on the page's side
 * (an ESLint import zone holds the rule: eslint.config.js).
 */
export { QueueDb, type QueueOutcomeRecord } from '../../../service-worker/queue-db';
