import { keysToClearOnSignOut, type StorageKey } from '../../shared/domain/storage';

// Storage can be full or blocked (private windows); such failures are only logged (spec §8).
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      console.warn('storage read failed', key, error);
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      console.warn('storage write failed', key, error);
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      console.warn('storage remove failed', key, error);
    }
  },
  getJson<T>(key: StorageKey, fallback: T): T {
    const raw = storage.get(key);
    if (raw === null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
  /** Signing out clears the browser's storage except the keys spec §4 keeps. */
  clearOnSignOut(): void {
    try {
      for (const key of keysToClearOnSignOut(Object.keys(localStorage))) localStorage.removeItem(key);
    } catch (error) {
      console.warn('storage clear failed', error);
    }
  },
};
