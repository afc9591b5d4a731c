import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  codeStatus,
  cooldownParts,
  formatCode,
  isCodeShaped,
  normalizeCode,
} from '../../src/shared/domain/codes/codes';

describe('registration codes', () => {
  it('reads typed input in capitals without spaces or dashes of any kind', () => {
    expect(normalizeCode(' abcd-efgh – jkLM—npqr\t')).toBe('ABCDEFGHJKLMNPQR');
    expect(normalizeCode(' - ')).toBe('');
  });

  it('shows a code in groups of four', () => {
    expect(formatCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
  });

  it('knows the shape of a code: 16 characters of an alphabet without look-alikes', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(isCodeShaped('ABCDEFGHJKLMNPQR')).toBe(true);
    expect(isCodeShaped('ABCDEFGHJKLMNPQ0')).toBe(false);
    expect(isCodeShaped('ABCDEFGHJKLMNPQ')).toBe(false);
  });

  it('is inactive once deactivated, expired once its last moment has passed, else active', () => {
    const at = '2026-06-01T12:00:00.000Z';
    expect(codeStatus({ deactivatedAt: null, validTo: null }, at)).toBe('active');
    expect(codeStatus({ deactivatedAt: null, validTo: '2026-06-02T00:00:00.000Z' }, at)).toBe('active');
    expect(codeStatus({ deactivatedAt: null, validTo: at }, at)).toBe('expired');
    expect(codeStatus({ deactivatedAt: at, validTo: '2020-01-01T00:00:00.000Z' }, at)).toBe('inactive');
  });

  it('splits a wait into minutes and seconds', () => {
    expect(cooldownParts(42)).toEqual({ minutes: 0, seconds: 42 });
    expect(cooldownParts(900)).toEqual({ minutes: 15, seconds: 0 });
    expect(cooldownParts(61.2)).toEqual({ minutes: 1, seconds: 2 });
  });
});
