import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { createPerson } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * get_course tells the viewer what she may do with the course (`Abilities`), by the server's rules: the client shows
 * staff markers from it instead of deciding roles itself, so a coach whose privilegies do not make her staff sees
 * the course as a learner does on both sides.
 */
describe.each(dialects)('get_course Abilities on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('staff view the course as editors, administrators also see their markers, learners neither', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [{ name: 'Open' }, { name: 'Draft', published: false }],
    });
    const people = {
      admin: await createPerson(server, site, 'admin'),
      coach: await createPerson(server, site, 'coach'),
      lowCoach: await createPerson(server, site, 'coach', { privilegies: 50 }),
      student: await createPerson(server, site, 'student'),
    };
    await grantAccess(server.db, { site, course, user: people.student });
    await grantAccess(server.db, { site, course, user: people.lowCoach });

    const seen: Record<string, unknown> = {};
    for (const [name, person] of Object.entries(people)) {
      const answer = await server.ok(
        'course.php',
        'get_course',
        { UserId: person.id, CourseId: course.id },
        { site: site.name, token: person.token },
      );
      const [viewed] = answer.data;
      seen[name] = { abilities: viewed?.Abilities, parts: viewed?.CourseParts.length };
    }
    expect(seen).toEqual({
      admin: { abilities: { ViewAsStaff: true, SeeAdminMarkers: true }, parts: 2 },
      coach: { abilities: { ViewAsStaff: true, SeeAdminMarkers: false }, parts: 2 },
      lowCoach: { abilities: { ViewAsStaff: false, SeeAdminMarkers: false }, parts: 1 },
      student: { abilities: { ViewAsStaff: false, SeeAdminMarkers: false }, parts: 1 },
    });
  });
});
