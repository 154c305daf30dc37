// Unit tests run in Node. IndexedDB comes from fake-indexeddb so RxDB's Dexie storage is the real one.
import 'fake-indexeddb/auto';

// The Dexie storage prints a one-time open-core banner on its first write; it is noise in test output.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('RxDB Open Core RxStorage')) return;
  warn(...args);
};
