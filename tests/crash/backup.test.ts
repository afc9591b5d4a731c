import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { type Dialect, testDialects } from '../support/databases';
import { PROJECT_ROOT, runCommand, type ServerProcess } from '../support/process';
import { type CrashDatabase, crashServer, createCrashDatabase } from './support/databases';
import { REGISTRATION_PASSWORD } from './support/writers';

const DEMO_PASSWORD = 'backup-demo-password-1';
const dialects = await testDialects();

/** Runs a command of the project as an operator would, with the server's environment for `database`. */
const run = (command: string, args: string[], database: CrashDatabase) =>
  runCommand(command, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: database.dataDir, ...database.env },
  });

async function backupAndRestore(dialect: Dialect) {
  const source = await createCrashDatabase(dialect);
  const target = await createCrashDatabase(dialect);
  const server = crashServer(source, { SEED_DEMO: 'true', DEMO_PASSWORD });
  let restored: ServerProcess | undefined;
  try {
    await server.start();
    const before = api(server.url);
    const admin = await before.ok('login.php', 'sign_in', {
      email: 'admin@demo.local',
      password: DEMO_PASSWORD,
    });
    const texts = new Map(
      Array.from({ length: 20 }, (_, i) => [`backup.${i}`, `<p>Saved before the backup, ${i}</p>`]),
    );
    for (const [key, content] of texts) {
      await before.ok(
        'content/save_content.php',
        undefined,
        { TheKey: key, content, Locale: 'en' },
        { token: admin.token },
      );
    }
    const email = 'backed-up@example.com';
    await before.ok('register.php', 'register', {
      account_type: 'private',
      FirstName: 'Backed',
      LastName: 'Up',
      email,
      password: REGISTRATION_PASSWORD,
      agree_terms: true,
    });

    // Online: the server keeps taking writes while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const data = { TheKey: `during.${written}`, content: '<p>During</p>', Locale: 'en' as const };
        await before.ok('content/save_content.php', undefined, data, { token: admin.token });
        written += 1;
      }
    })();
    const out = path.join(source.dataDir, 'backups', `test.${dialect === 'sqlite' ? 'db' : 'dump'}`);
    const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', out], source);
    writing = false;
    await writer;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout.trim().split('\n').at(-1)).toBe(out);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(written).toBeGreaterThan(0);
    if (dialect === 'sqlite') {
      expect(fs.existsSync(`${out}-wal`)).toBe(false);
      // The restore refuses to replace a database a running server has open.
      const refused = await run(
        process.execPath,
        ['--import', 'tsx', 'src/server/platform/ops/restore.ts', out, '--yes'],
        source,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/stop the server/);
    }
    await server.stop();

    const restore = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/platform/ops/restore.ts', out, '--yes'],
      target,
    );
    expect(restore.code, restore.stderr).toBe(0);
    restored = crashServer(target, { SEED_DEMO: 'false' });
    await restored.start();
    const after = api(restored.url);
    const session = await after.ok('auth.php', 'auth_user', {}, { token: admin.token });
    expect(session.data.Username).toBe('admin@demo.local');
    for (const [key, content] of texts) {
      const answer = await after.ok('content/get_content.php', undefined, { TheKey: key, Locale: 'en' });
      expect(answer.data?.Content).toBe(content);
    }
    const registered = await after.call('login.php', 'sign_in', { email, password: REGISTRATION_PASSWORD });
    expect(registered.body.error_code).toBe('NOT_VERIFIED');
    const signIn = await after.call('login.php', 'sign_in', {
      email: 'student@demo.local',
      password: DEMO_PASSWORD,
    });
    expect(signIn.body.status).toBe('OK');
    await restored.stop();
    expect(await target.checkIntegrity()).toBe('ok');
  } finally {
    await server.kill();
    await restored?.kill();
    await source.drop();
    await target.drop();
  }
}

describe.each(dialects)('backup and restore on %s', (dialect) => {
  it('restores an online backup that a fresh server reads back', () => backupAndRestore(dialect), 120_000);
});
