import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import { createDemoCourse, DEMO_COURSE_NAME } from '../../../src/server/seed/courses';
import {
  addCoach,
  type CreatedCourse,
  createCourse,
  createResource,
  createUser,
  grantAccess,
} from '../../../src/server/seed/factories';

import { cheapPasswordHash } from '../../factories';
import { dataDir, serverDatabase } from './browser';
import { DEMO_PASSWORD } from './constants';

/** An account of a test's own, signed in with the e2e password like the demo accounts. */
export interface Account {
  id: number;
  email: string;
  /** First and last name, as pages show it. */
  name: string;
}

export interface CourseWorld {
  /** A copy of the demo course (every block kind, quiz, test, reviewed exams, achievements) under a name of its own. */
  course: CreatedCourse;
  /** A course of the site the learner has no access to. */
  otherCourse: CreatedCourse;
  /** The course's coach, named as the demo's coach is (Carl Coach). */
  coach: Account;
  /** A learner with access to the course, named as the demo's student is (Stina Student). */
  learner: Account;
}

/**
 * Data of a test file's own on the platform under test, built through the factories on its database (the one the
 * demo seed uses), so a test depends on no demo id and on nothing another test file did: a copy of the demo course,
 * a course the learner may not open, a coach and a learner. Names read as the demo's, addresses and ids are new.
 * Call it in the file's describe block; the world is ready in the tests.
 */
export function useCourseWorld(): () => CourseWorld {
  let world: CourseWorld | undefined;
  beforeAll(async () => {
    world = await createCourseWorld();
  });
  return () => {
    if (!world) throw new Error('the course world is not built');
    return world;
  };
}

async function createCourseWorld(): Promise<CourseWorld> {
  const db = serverDatabase();
  const tag = randomBytes(3).toString('hex');
  try {
    const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
    const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
    const account = async (role: 'coach' | 'student', firstName: string, lastName: string): Promise<Account> => {
      const email = `${role}-${tag}@e2e.test`;
      const { id } = await createUser(db, { site, role, email, passwordHash, firstName, lastName });
      return { id, email, name: `${firstName} ${lastName}` };
    };
    const coach = await account('coach', 'Carl', 'Coach');
    const learner = await account('student', 'Stina', 'Student');
    const { course } = await createDemoCourse(db, {
      config: { dataDir: dataDir() },
      site,
      name: `${DEMO_COURSE_NAME} ${tag}`,
      mediaPrefix: `e2e-${tag}-`,
    });
    const otherCourse = await createCourse(db, { site, name: `Another course ${tag}` });
    await addCoach(db, { site, course, user: coach });
    await grantAccess(db, { site, course, user: learner });
    await createResource(db, {
      site,
      course,
      title: `Reading list ${tag}`,
      description: 'Books that go deeper than the course.',
      url: 'https://en.wikipedia.org/wiki/Audio_engineer',
    });
    return { course, otherCourse, coach, learner };
  } finally {
    await db.destroy();
  }
}
