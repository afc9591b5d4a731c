import { describe, expect, it } from 'vitest';
import {
  attemptLimit,
  attemptsLeft,
  mayAttempt,
  revealsCorrectness,
} from '../../src/shared/domain/learning/testAttempts';

describe('attempts at a test', () => {
  it('reads no setting, 0 or anything but a positive whole number as no limit', () => {
    expect(attemptLimit(null)).toBeNull();
    expect(attemptLimit(undefined)).toBeNull();
    expect(attemptLimit(0)).toBeNull();
    expect(attemptLimit(-2)).toBeNull();
    expect(attemptLimit(1.5)).toBeNull();
    expect(attemptLimit(3)).toBe(3);
  });

  it('counts the attempts left, never below none, and allows one more only while some are left', () => {
    expect(attemptsLeft(3, 0)).toBe(3);
    expect(attemptsLeft(3, 2)).toBe(1);
    expect(attemptsLeft(3, 3)).toBe(0);
    // A limit lowered after the attempts were made.
    expect(attemptsLeft(2, 5)).toBe(0);
    expect(attemptsLeft(null, 40)).toBeNull();
    expect(mayAttempt(3, 2)).toBe(true);
    expect(mayAttempt(3, 3)).toBe(false);
    expect(mayAttempt(null, 1000)).toBe(true);
    expect(mayAttempt(0, 1000)).toBe(true);
  });

  it('tells which questions were right only after a pass or the last allowed attempt', () => {
    expect(revealsCorrectness({ setting: 3, attempts: 1, passed: false })).toBe(false);
    expect(revealsCorrectness({ setting: 3, attempts: 2, passed: false })).toBe(false);
    expect(revealsCorrectness({ setting: 3, attempts: 3, passed: false })).toBe(true);
    expect(revealsCorrectness({ setting: 3, attempts: 1, passed: true })).toBe(true);
    // Without a limit there is no last attempt: only a pass tells.
    expect(revealsCorrectness({ setting: null, attempts: 50, passed: false })).toBe(false);
    expect(revealsCorrectness({ setting: 0, attempts: 50, passed: false })).toBe(false);
    expect(revealsCorrectness({ setting: null, attempts: 50, passed: true })).toBe(true);
  });
});
