import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '../../src/server/modules/identity/services/passwords';
import { sourceOf } from '../../src/server/platform/limits';
import { platformLink } from '../../src/server/platform/mail/outbox';
import { isPlainName } from '../../src/shared/domain/identity/accounts';

describe('sourceOf', () => {
  it('counts an IPv4 address as itself, also when mapped into IPv6', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64 prefix, however they are written', () => {
    expect(sourceOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('2001:db8:1:3::1')).not.toBe(sourceOf('2001:db8:1:2::1'));
  });
});

describe('isPlainName', () => {
  it('refuses control characters, line separators and bidirectional overrides', () => {
    for (const name of ['Greta\nGarbo', 'Greta\r', 'Gre\tta', 'Greta\u2028', 'Greta\u202E', 'Greta\u2066', 'a\u0000'])
      expect(isPlainName(name), JSON.stringify(name)).toBe(false);
  });

  it('accepts names of every script, with joiners', () => {
    for (const name of ['Greta', 'Zoë-Åsa', "O'Brien", 'می\u200Cخواهم', '山田 太郎'])
      expect(isPlainName(name)).toBe(true);
  });
});

describe('checkPasswordStrength', () => {
  it('refuses what the estimator finds easy to guess, with a hint', () => {
    expect(checkPasswordStrength('aaaaaaaaaa', 'greta@example.test')).toEqual({
      problem: 'EASY_TO_GUESS',
      hint: 'simpleRepeat',
    });
    expect(checkPasswordStrength('Password123!', 'greta@example.test')).toMatchObject({ problem: 'EASY_TO_GUESS' });
    expect(checkPasswordStrength(' '.repeat(10), 'greta@example.test')).toMatchObject({ problem: 'EASY_TO_GUESS' });
    expect(checkPasswordStrength('GarboGreta1', 'x@example.test', ['Greta', 'Garbo'])).toMatchObject({
      problem: 'EASY_TO_GUESS',
    });
  });

  it('accepts long unusual phrases', () => {
    expect(checkPasswordStrength('violet tractor umbrella', 'greta@example.test')).toBeNull();
    expect(checkPasswordStrength('correct horse battery staple', 'greta@example.test')).toBeNull();
  });
});

describe('platformLink', () => {
  it("answers the mail's own link line, never a link a user wrote above it", () => {
    const text = [
      'Hi http://localhost:3000/evil,',
      'http://localhost:3000/fake?code=x',
      'Open this link:',
      'http://localhost:3000/verify-email?code=abc',
      '',
    ].join('\n');
    expect(platformLink(text, 'http://localhost:3000')).toBe('http://localhost:3000/verify-email?code=abc');
    expect(platformLink('no link here', 'http://localhost:3000')).toBeUndefined();
  });
});
