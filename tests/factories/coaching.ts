import type { Db } from '../../src/server/platform/db';
import type { TestServer } from '../support/server';
import { createUser, signInAs } from './index';

export { addCoach } from '../../src/server/seed/factories';

import type { Role } from '../../src/server/seed/factories';

/** A signed-in user of a site: her id, address, password and session token. */
export interface Person {
  id: number;
  email: string;
  password: string;
  token: string;
  site: { id: number; name: string };
}

/** A user of a site (see createUser), signed in through the API. */
export async function createPerson(
  server: TestServer,
  site: { id: number; name: string },
  role: Role = 'student',
  options: Omit<Parameters<typeof createUser>[1], 'site' | 'role'> = {},
): Promise<Person> {
  const user = await createUser(server.db, { site, role, ...options });
  return { ...user, token: await signInAs(server, site, user), site };
}

/** The call options of a person: her site and token. */
export const as = (person: Person) => ({ site: person.site.name, token: person.token });

/** Moves a message's times into the past, as if it had been sent (and mailed) that long ago. */
export async function backdateMessage(db: Db, id: number, ms: number, column: 'created_at' | 'emailed_at') {
  const row = await db.selectFrom('messages').select(column).where('id', '=', id).executeTakeFirstOrThrow();
  const value = row[column];
  if (value === null) throw new Error(`message ${id} has no ${column}`);
  await db
    .updateTable('messages')
    .set({ [column]: new Date(Date.parse(value) - ms).toISOString() })
    .where('id', '=', id)
    .execute();
}
