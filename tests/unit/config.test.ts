import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/config';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: `sqlite:${path.join(path.resolve('./data'), 'app.db')}`,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      registrationEnabled: true,
      seedDemo: true,
      demoPassword: undefined,
      logLevel: 'info',
      trustProxy: false,
      clientDir: path.resolve('./dist/client'),
    });
    expect(config.mailFrom).toContain('@');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/lp-data',
      DATABASE_URL: 'postgres://app@db:5432/app',
      PUBLIC_URL: 'https://learn.example.test/',
      SMTP_URL: 'smtps://user:pass@mail.example.test:465',
      MAIL_FROM: 'School <school@example.test>',
      REGISTRATION_ENABLED: 'false',
      SEED_DEMO: '0',
      DEMO_PASSWORD: 'a demo password',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'yes',
      CLIENT_DIR: '/srv/client',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/lp-data',
      databaseUrl: 'postgres://app@db:5432/app',
      publicUrl: 'https://learn.example.test',
      smtpUrl: 'smtps://user:pass@mail.example.test:465',
      mailFrom: 'School <school@example.test>',
      registrationEnabled: false,
      seedDemo: false,
      demoPassword: 'a demo password',
      logLevel: 'warn',
      trustProxy: true,
      clientDir: '/srv/client',
      stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123', apiUrl: 'http://127.0.0.1:12111' },
    });
  });

  it('Stripe: the two keys go together, and each has its shape', () => {
    expect(failure({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).toContain(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
    );
    expect(failure({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toContain(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(loadConfig({}).stripe).toEqual({ secretKey: undefined, webhookSecret: undefined, apiUrl: undefined });
  });

  it('the public URL follows the port when not given', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('an empty variable means its default', () => {
    const config = loadConfig({ REGISTRATION_ENABLED: '', TRUST_PROXY: '', PORT: '', SMTP_URL: '', DATABASE_URL: '' });
    expect(config).toMatchObject({ registrationEnabled: true, trustProxy: false, port: 3000, smtpUrl: undefined });
    expect(config.databaseUrl).toMatch(/^sqlite:/);
  });

  const failure = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`no error for ${JSON.stringify(env)}`);
  };

  it.each(['abc', '-1', '70000', '3.5'])('an invalid PORT (%s) is an error naming PORT', (port) => {
    expect(failure({ PORT: port })).toMatch(/^Invalid configuration:\n\s+PORT: /);
  });

  it.each(['mysql://db/app', 'app.db', 'http://db'])('an invalid DATABASE_URL (%s) is an error naming it', (url) => {
    const message = failure({ DATABASE_URL: url });
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('postgres://');
  });

  it('names every invalid variable at once', () => {
    const message = failure({
      PORT: 'x',
      SMTP_URL: 'mail.example.test',
      REGISTRATION_ENABLED: 'maybe',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      DEMO_PASSWORD: 'short',
    });
    for (const name of ['PORT', 'SMTP_URL', 'REGISTRATION_ENABLED', 'LOG_LEVEL', 'PUBLIC_URL', 'DEMO_PASSWORD']) {
      expect(message).toContain(`${name}:`);
    }
  });

  it('accepts a sqlite: DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/app.db' }).databaseUrl).toBe('sqlite:/var/lib/app.db');
  });

  it('keeps media on disk unless S3_BUCKET names an object store, whose key and secret go together', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'learning-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'learning-media',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // Without a key, the SDK's own chain (an instance role) is used.
    expect(loadConfig({ S3_BUCKET: 'learning-media' }).s3?.credentials).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'learning-media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_BUCKET: 'm', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_BUCKET[\s\S]*S3_ENDPOINT|S3_ENDPOINT[\s\S]*S3_BUCKET/,
    );
  });
});
