import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { storageKeys } from '../../shared/domain/storage';
import { storage } from './storage';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above 4.5:1 in both schemes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});

/**
 * The colour scheme lives under the spec's `darkMode` key as "true" or "false", per browser, once she has chosen;
 * until then Mantine's fallback, "auto", follows the system's setting (prefers-color-scheme). public/color-scheme.js
 * applies the same rule before the first paint.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (fallback) => {
    const stored = storage.get(storageKeys.darkMode);
    return stored === 'true' ? 'dark' : stored === 'false' ? 'light' : fallback;
  },
  set: (value: MantineColorScheme) => storage.set(storageKeys.darkMode, String(value === 'dark')),
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => storage.remove(storageKeys.darkMode),
};
