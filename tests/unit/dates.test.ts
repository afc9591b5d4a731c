import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoment,
  formatWeekday,
} from '../../src/client/components/dates';

const at = '2026-11-22T13:05:00Z';
const intl = (language: string, options: Intl.DateTimeFormatOptions, value = at) =>
  new Intl.DateTimeFormat(language, options).format(new Date(value));

describe('client dates', () => {
  beforeAll(() => i18next.init({ lng: 'en', resources: {}, initAsync: false }));
  afterAll(() => i18next.changeLanguage('en'));

  it('write a date in the language i18next has, and switch with it', async () => {
    expect(formatDate(at)).toBe(intl('en', { dateStyle: 'medium' }));
    expect(formatLongDate(at)).toBe(intl('en', { dateStyle: 'long' }));
    expect(formatDateTime(at)).toBe(intl('en', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatWeekday(new Date(at))).toBe(intl('en', { weekday: 'long' }));
    await i18next.changeLanguage('sv');
    expect(formatDate(at)).toBe(intl('sv', { dateStyle: 'medium' }));
    expect(formatLongDate(at)).toBe(intl('sv', { dateStyle: 'long' }));
    expect(formatDate(at)).not.toBe(intl('en', { dateStyle: 'medium' }));
  });

  it('give back a text that is no date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
    expect(formatMoment('soon')).toBeNull();
    expect(formatMoment(undefined)).toBeNull();
  });

  it('write a calendar day the same in every time zone, and a moment today by its time only', async () => {
    await i18next.changeLanguage('en');
    expect(formatCalendarDay('2026-11-22')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-22T00:00:00Z')),
    );
    const now = new Date();
    expect(formatMoment(now.toISOString())).toBe(new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(now));
    expect(formatMoment(at)).toBe(intl('en', { dateStyle: 'medium', timeStyle: 'short' }));
  });
});
