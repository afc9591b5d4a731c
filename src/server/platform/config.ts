import path from 'node:path';
import { z } from 'zod';
import { normalizeHost } from '../../shared/domain/site/sites';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Learning platform <no-reply@localhost>'),
  REGISTRATION_ENABLED: bool(true),
  SEED_DEMO: bool(true),
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  TRIAL_DOMAIN: z
    .string()
    .refine((v) => normalizeHost(v) === v.toLowerCase() && !v.includes(':'), 'must be a host name like learn.example')
    .optional(),
  CONTACT_EMAIL: z.email().max(254).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** The main site's Stripe account (other sites set their own in the shop's settings). */
export interface StripeConfig {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** Another address of Stripe's API (a local stand-in in tests); undefined: Stripe's own. */
  apiUrl: string | undefined;
}

/** An S3-compatible object store for media (AWS S3, MinIO, …); without one, media live under `DATA_DIR`. */
export interface S3Config {
  /** Absent for AWS S3 itself, whose endpoint follows from the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Absent: the SDK's own chain (instance role, AWS_* variables, shared files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket.host/key` by default; MinIO and most self-hosted stores want `host/bucket/key`. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` or a PostgreSQL URL. */
  databaseUrl: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  registrationEnabled: boolean;
  seedDemo: boolean;
  demoPassword: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  clientDir: string;
  /**
   * Self-service trials (the home page's "Start your free trial"): a new school's site gets the host
   * `<name>.<trialDomain>`. Undefined: no self-service; the page says how to reach the operator.
   */
  trialDomain: string | undefined;
  /** The operator's address the page names when there is no self-service. */
  contactEmail: string | undefined;
  /** Where media live: in this object store when S3_BUCKET is set, else under `<dataDir>/uploads/`. */
  s3: S3Config | undefined;
  stripe: StripeConfig;
}

export class ConfigError extends Error {}

/** Reads the configuration from environment variables; every problem is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `PORT=` in an env file or `SMTP_URL=${SMTP_URL}` in a compose file means "not set", not "set to nothing"
  // (an empty PORT would otherwise coerce to 0, a random port).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'app.db')}`,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    registrationEnabled: e.REGISTRATION_ENABLED,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    clientDir: path.resolve(e.CLIENT_DIR),
    trialDomain: e.TRIAL_DOMAIN?.toLowerCase(),
    contactEmail: e.CONTACT_EMAIL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
  };
}
