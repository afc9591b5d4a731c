import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { apiCall, dataDir, platform } from './browser';
import { DEMO_PASSWORD, demo } from './constants';

/** Signs a demo-password account in through the API. */
export async function signIn(email: string): Promise<{ token: string; userId: number }> {
  const answer = await platform.ok('login.php', 'sign_in', { email, password: DEMO_PASSWORD });
  return { token: answer.token, userId: answer.data.Id };
}

/**
 * The code of the newest link of `page` (`verify-email`, `start-trial`) mailed to `email`, read from the server's
 * outbox; codes in `seen` are passed over (an earlier mail's).
 */
export async function mailedCode(email: string, page: string, seen: readonly string[] = []): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const link = new RegExp(`${page}\\?code=([A-Za-z0-9_-]+)`);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      // Quoted-printable may break lines with "=" and encode "=" as "=3D".
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!text.includes(email)) continue;
      const code = link.exec(text)?.[1];
      if (code && !seen.includes(code)) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${page} mail for ${email}`);
}

/** The code of the verification mail sent to `email`. */
export const verificationCode = (email: string) => mailedCode(email, 'verify-email');

/** A new account with the demo password, registered through the API and not verified yet. */
export async function registerAccount(name: { first: string; last: string }): Promise<{ email: string }> {
  const email = `${name.first.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await apiCall('register.php', 'register', {
    account_type: 'private',
    FirstName: name.first,
    LastName: name.last,
    email,
    password: DEMO_PASSWORD,
    agree_terms: true,
  });
  expect(registered.status).toBe('OK');
  return { email };
}

/**
 * A new learner with access to a course: registered, verified through her mail and granted the course by the
 * administrator. For journeys that use up what the demo student needs (her attempts at a test, say).
 */
export async function createLearner(
  courseId: number,
  name: { first: string; last: string },
): Promise<{ email: string; token: string; userId: number }> {
  const { email } = await registerAccount(name);
  expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');
  const learner = await signIn(email);
  const admin = await signIn(demo.admin);
  const granted = await apiCall(
    'course_admin.php',
    'grant_course_access',
    { CourseId: courseId, UserId: learner.userId },
    admin.token,
  );
  expect(granted.status).toBe('OK');
  return { email, ...learner };
}
