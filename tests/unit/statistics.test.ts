import { describe, expect, it } from 'vitest';
import { activityPeriodsOf } from '../../src/server/modules/statistics';
import {
  bucketOf,
  bucketsBetween,
  defaultPeriod,
  granularityFor,
  median,
  percentOf,
  weekOf,
} from '../../src/shared/domain/statistics/statistics';

describe('statistics periods', () => {
  it('names a week by its Monday, across months and years', () => {
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekOf('2026-11-23')).toBe('2026-11-23'); // the Monday itself
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
    expect(bucketOf('2026-11-29', 'month')).toBe('2026-11');
    expect(bucketOf('2026-11-29', 'day')).toBe('2026-11-29');
  });

  it('lists every period a span touches, in order', () => {
    expect(bucketsBetween('2026-11-27', '2026-12-01', 'day')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(bucketsBetween('2026-11-27', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(bucketsBetween('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('draws two months by day, half a year by week, more by month; defaults to the last 30 days', () => {
    expect(granularityFor('2026-10-01', '2026-11-30')).toBe('day');
    expect(granularityFor('2026-06-01', '2026-11-30')).toBe('week');
    expect(granularityFor('2025-12-01', '2026-11-30')).toBe('month');
    expect(defaultPeriod(new Date('2026-11-29T12:00:00Z'))).toEqual({ from: '2026-10-31', to: '2026-11-29' });
  });

  it('takes medians and shares', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 0)).toBe(0);
  });

  it('keeps a day of activity as its day, week and month', () => {
    expect(activityPeriodsOf('2026-11-29')).toEqual(['d2026-11-29', 'w2026-11-23', 'm2026-11']);
  });
});
