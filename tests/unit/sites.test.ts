import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/config';
import { parseArguments } from '../../src/server/platform/ops/site';
import { normalizeHost, siteNameProblem, suggestSiteName } from '../../src/shared/domain/site/sites';

describe('site names and hosts', () => {
  it('a site name is a DNS label of 3–40 characters, not reserved', () => {
    expect(siteNameProblem('nordic-music')).toBeNull();
    expect(siteNameProblem('abc')).toBeNull();
    expect(siteNameProblem('ab')).toBe('length');
    expect(siteNameProblem('a'.repeat(41))).toBe('length');
    for (const name of ['-abc', 'abc-', 'a--b', 'Abc', 'a_b', 'a.bc', 'åäö', 'a b c']) {
      expect({ name, problem: siteNameProblem(name) }).toEqual({ name, problem: 'format' });
    }
    for (const name of ['main', 'www', 'api', 'admin', 'mail']) expect(siteNameProblem(name)).toBe('reserved');
  });

  it('suggests a site name from a school name', () => {
    expect(suggestSiteName('Nordic Music School')).toBe('nordic-music-school');
    expect(suggestSiteName('  Åkes Öra & Ljud!  ')).toBe('akes-ora-ljud');
    expect(suggestSiteName(`${'x'.repeat(39)} y`)).toBe('x'.repeat(39));
  });

  it('normalizes host names and refuses what is not one', () => {
    expect(normalizeHost('Learn.Example.COM.')).toBe('learn.example.com');
    expect(normalizeHost('school.localhost:5173')).toBe('school.localhost');
    for (const bad of ['', 'http://x.example', 'x.example/path', 'user@x.example', 'a..b', '-a.example', '[::1]']) {
      expect({ bad, host: normalizeHost(bad) }).toEqual({ bad, host: null });
    }
  });
});

describe('the configuration of trials', () => {
  it('reads TRIAL_DOMAIN and CONTACT_EMAIL; without them self-service is off', () => {
    expect(loadConfig({})).toMatchObject({ trialDomain: undefined, contactEmail: undefined });
    expect(loadConfig({ TRIAL_DOMAIN: 'Learn.Example', CONTACT_EMAIL: 'sales@example.com' })).toMatchObject({
      trialDomain: 'learn.example',
      contactEmail: 'sales@example.com',
    });
  });

  it('refuses a TRIAL_DOMAIN that is not a host name', () => {
    for (const bad of ['https://learn.example', 'learn.example:8080', 'learn example']) {
      expect(() => loadConfig({ TRIAL_DOMAIN: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ CONTACT_EMAIL: 'nobody' })).toThrow(/CONTACT_EMAIL/);
  });
});

describe('npm run site: the command line', () => {
  it('reads commands, values (both spellings, repeated) and flags', () => {
    const parsed = parseArguments([
      'update',
      'nordic',
      '--add-host',
      'a.example',
      '--add-host=b.example',
      '--no-trial',
    ]);
    expect(parsed.positional).toEqual(['update', 'nordic']);
    expect(parsed.values.get('add-host')).toEqual(['a.example', 'b.example']);
    expect([...parsed.flags]).toEqual(['no-trial']);
  });

  it('refuses unknown options, a value left out and a value given to a flag', () => {
    expect(() => parseArguments(['list', '--colour'])).toThrow('Unknown option --colour');
    expect(() => parseArguments(['create', 'x', '--plan'])).toThrow('--plan needs a value');
    expect(() => parseArguments(['list', '--json=yes'])).toThrow('--json takes no value');
  });
});
