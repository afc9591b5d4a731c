import fc from 'fast-check';
import type { z } from 'zod';
import { createSession } from '../../../src/server/modules/identity/services/sessions';
import type { Access } from '../../../src/shared/contract/define';
import { createUser } from '../../factories';
import type { RawAnswer } from '../../support/api';
import type { TestServer } from '../../support/server';
import type { ContractCall } from './calls';
import { REQUEST_TIMEOUT_MS } from './http';
import type { FieldPath } from './validData';

/** Who makes a request: the site it names, the token it presents, and who that token belongs to. */
export interface Caller {
  name: string;
  site: string;
  token: string | null;
  /** The user of a live session of `site`; null when the caller has none there (anonymous, revoked, foreign). */
  user: { id: number; type: number; privilegies: number } | null;
}

/** The access rule of docs/api.md, written out here rather than imported, so the dispatcher is tested against it. */
export function mayCall(access: Access, caller: Caller): boolean {
  const user = caller.user;
  switch (access) {
    case 'public':
      return true;
    case 'user':
      return user !== null;
    case 'staff':
      return user !== null && (user.type === 2 || user.type === 8) && user.privilegies > 50;
    case 'admin':
      return user !== null && user.type === 2 && user.privilegies > 50;
    default: {
      const unknownLevel: never = access;
      throw new Error(`no rule for the access level ${unknownLevel}`);
    }
  }
}

type Role = 'student' | 'coach' | 'admin';
const typeOf: Record<Role, number> = { student: 1, coach: 8, admin: 2 };

/** A user of a site with a session of her own; a fresh session each time. */
export async function signedInCaller(
  server: TestServer,
  site: { id: number; name: string },
  role: Role,
  options: { name?: string; privilegies?: number; presentedOn?: string; firstName?: string; email?: string } = {},
): Promise<Caller & { email: string }> {
  const privilegies = options.privilegies ?? (role === 'student' ? 0 : 100);
  const person = await createUser(server.db, {
    site,
    role,
    privilegies,
    firstName: options.firstName,
    email: options.email,
  });
  // A session as signing in makes it (identity's own), without the sign-in's password check and bookkeeping: the
  // access matrix makes eight callers for every call, and sign-in has suites of its own.
  const user = { ...person, token: await createSession(server.db, { siteId: site.id, userId: person.id }) };
  const foreign = options.presentedOn !== undefined && options.presentedOn !== site.name;
  return {
    name: options.name ?? role,
    site: options.presentedOn ?? site.name,
    token: user.token,
    user: foreign ? null : { id: user.id, type: typeOf[role], privilegies },
    email: user.email,
  };
}

/** Fields that name a user (`user_id`, `UserId`) are the caller's own: a generic stand-in for "my own data". */
export const ownUserHint =
  (caller: Caller) =>
  (path: FieldPath): fc.Arbitrary<unknown> | undefined => {
    const field = path.at(-1) ?? '';
    return /^user_?id$/i.test(field) ? fc.constant(caller.user?.id ?? 1) : undefined;
  };

/** Sends a call as a caller, as the spec's clients do (form fields; no `req` for an endpoint's default call). */
export function callAs(server: TestServer, call: ContractCall, caller: Caller, data: string): Promise<RawAnswer> {
  return server.callRaw(call.file, call.isDefault ? undefined : call.req, undefined, {
    rawData: data,
    site: caller.site,
    token: caller.token,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}

/** JSON that the call's schema refuses: the first of a few non-objects it does not accept. */
export function schemaInvalidData(schema: z.ZodType): string {
  const candidate = ['[]', '0', '"text"', 'true', 'null', '[[[]]]'].find(
    (text) => !schema.safeParse(JSON.parse(text)).success,
  );
  if (!candidate) throw new Error('the schema accepts any JSON value; the suite cannot make invalid data for it');
  return candidate;
}
