// What the browsers say when a lazily imported chunk cannot be fetched (Chromium, Safari, Firefox).
// Such an error means "the network or the cache failed", not a bug in the page, and the user is told so.
const CHUNK_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_MESSAGES.some((text) => error.message.includes(text));
}
