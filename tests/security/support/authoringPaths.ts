import type { ServerProcess } from '../../support/process';
import { type Account, callAs, type RichTextPath, signedIn } from './richTextPaths';

/**
 * Course content written by staff in the course editor (course_admin.php save_course_part_content) and read by a
 * learner on the course page: a part of her course whose Text, Column and Quiz blocks each hold the stored text.
 */

/** A draft part added to the student's first course and published, for the stored texts to show on. */
async function partForTexts(server: ServerProcess, admin: Account, student: Account) {
  const mine = await callAs(server, student, 'course.php', 'get_my_courses', { UserId: student.id });
  const courseId = (mine.data as { Id: number }[])[0]?.Id;
  if (!courseId) throw new Error('the demo student has no course');
  const lock = await callAs(server, admin, 'course_lock.php', 'lock_course_for_editing', { CourseId: courseId });
  const added = await callAs(server, admin, 'course_admin.php', 'add_course_part', {
    Id: courseId,
    UserId: admin.id,
    SortNr: 100_000,
    Name: 'Texts',
    Version: lock.Version,
  });
  await callAs(server, admin, 'course_admin.php', 'update_course_part', {
    CourseId: courseId,
    CoursePartId: added.data.Id,
    Version: added.Version,
    Published: true,
  });
  await callAs(server, admin, 'course_lock.php', 'close_course_for_editing', { CourseId: courseId });
  return { courseId, partId: added.data.Id };
}

export const courseContent: RichTextPath = {
  name: "course content (course_admin.php save_course_part_content) on the student's course page",
  containers: ['main .rich-text'],
  perText: 8,
  perView: 1,
  editable: false,
  async slots(server, { admin, student }) {
    const { courseId, partId } = await partForTexts(server, admin, student);
    const url = `/course/${courseId}/post/${partId}`;
    return [
      {
        label: `written by ${admin.email}, read by ${student.email}`,
        // The course's navigation as a drawer would cover the page.
        storage: { ...signedIn(student), showCourseNav: 'false' },
        async store(html) {
          // Each text is saved as an editor saves: holding the lock, on the course's current version.
          const lock = await callAs(server, admin, 'course_lock.php', 'lock_course_for_editing', {
            CourseId: courseId,
          });
          await callAs(server, admin, 'course_admin.php', 'save_course_part_content', {
            CourseId: courseId,
            CoursePartId: partId,
            Version: lock.Version,
            Name: 'Texts',
            Blocks: [
              { BlockType: 'Text', Content: { html } },
              { BlockType: 'Column', Content: { columns: [{ html }, { html }] } },
              {
                BlockType: 'Quiz',
                Content: {
                  intro: html,
                  questions: [
                    {
                      id: 'q',
                      text: 'Which?',
                      options: [
                        { id: 'a', text: 'A' },
                        { id: 'b', text: 'B' },
                      ],
                      correct: ['a'],
                    },
                  ],
                },
              },
            ],
          });
          await callAs(server, admin, 'course_lock.php', 'close_course_for_editing', { CourseId: courseId });
          // A fresh load each time: the course page keeps the course it showed.
          return { key: url, open: (page) => page.goto(url, { waitUntil: 'commit' }).then(() => undefined) };
        },
        async readStored() {
          const content = await callAs(server, admin, 'course_admin.php', 'get_course_part_content', {
            CourseId: courseId,
            CoursePartId: partId,
          });
          return content.data.Blocks.flatMap(({ Content: c }) => [
            c.html,
            c.intro,
            ...((c.columns as { html: string }[] | undefined) ?? []).map((column) => column.html),
          ])
            .filter((html): html is string => typeof html === 'string')
            .join('\n');
        },
      },
    ];
  },
};
