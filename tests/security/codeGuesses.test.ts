import { describe, expect, it } from 'vitest';
import { CODE_GUESSES_PER_SOURCE, CODE_GUESSES_PER_USER } from '../../src/shared/domain/codes/codes';
import { isPostgresReachable } from '../support/databases';
import { useTwoProcessesOnPostgres } from './support/twoProcesses';

const GUESSES = 1_000;
const DEMO_PASSWORD = 'demo-password-code-guesses';
/** The user's window and the address's both count every guess: the lower of the two decides. */
const ALLOWED = Math.min(CODE_GUESSES_PER_USER.limit, CODE_GUESSES_PER_SOURCE.limit);

/**
 * Two real server processes on one PostgreSQL schema, as two processes behind a load balancer (codes.php
 * redeem_code, spec §8): a thousand wrong codes at once for one user, split between them, are evaluated no more
 * often than her window of guesses allows; the rest are refused as too many, before any code is looked up.
 */
describe.skipIf(!(await isPostgresReachable()))(
  'wrong registration codes across two server processes on PostgreSQL',
  () => {
    const servers = useTwoProcessesOnPostgres(DEMO_PASSWORD);

    it(`${GUESSES} concurrent wrong codes split over both evaluate no more than ${ALLOWED}`, async () => {
      const [first, second] = servers();
      const session = await first.call('login.php', 'sign_in', {
        email: 'student@demo.local',
        password: DEMO_PASSWORD,
      });
      const token = session.body.token as string;
      expect(token).toBeTruthy();

      const answers = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) =>
          (i % 2 ? first : second).call('codes.php', 'redeem_code', { Code: `WRONG${i}ZZ` }, { token }),
        ),
      );
      const codes = new Map<string, number>();
      for (const answer of answers) {
        const code = String(answer.body.error_code);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      const evaluated = codes.get('INVALID_CODE') ?? 0;
      console.info(
        `[code guesses] ${GUESSES} wrong codes over two processes: ${JSON.stringify(Object.fromEntries(codes))}`,
      );
      expect([...codes.keys()].sort()).toEqual(['INVALID_CODE', 'TOO_MANY_REQUESTS']);
      expect(evaluated).toBeLessThanOrEqual(ALLOWED);
      expect(evaluated).toBeGreaterThan(0);
      for (const refused of answers.filter((a) => a.body.error_code === 'TOO_MANY_REQUESTS')) {
        expect(refused.httpStatus).toBe(429);
      }
      // The window is full in the database, so either process refuses the next guess, a right code's turn included.
      for (const server of [first, second]) {
        const next = await server.call('codes.php', 'redeem_code', { Code: 'ONEMORE1' }, { token });
        expect(next.body.error_code).toBe('TOO_MANY_REQUESTS');
      }
    });
  },
);
