import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

// The theme choice lives in localStorage under this key; index.html reads the same key before the bundle
// loads so the first paint already has the right scheme.
export const COLOR_SCHEME_STORAGE_KEY = 'spotter-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
