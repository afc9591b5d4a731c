import { TaskType } from '../../../shared/domain/tasks';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Db } from '..';
import type { MessageKind } from '../schema';

interface SeedMessage {
  kind: MessageKind;
  from: 'student' | 'coach' | null;
  to: 'student' | 'coach' | null;
  title?: string;
  html: string;
  hoursAgo: number;
  opened?: boolean;
  answered?: boolean;
}

/** A welcome from the platform (a system message), a question to the coach with his answer, and a support request. */
const demoMessages: SeedMessage[] = [
  {
    kind: 'system',
    from: null,
    to: 'student',
    title: 'Welcome',
    html: '<p>Welcome to the platform! Your course <strong>Music production basics</strong> is ready.</p>',
    hoursAgo: 48,
  },
  {
    kind: 'chat',
    from: 'student',
    to: 'coach',
    html: '<p>Hi Carl! Does the milestone beat need a bass line too?</p>',
    hoursAgo: 26,
    opened: true,
    answered: true,
  },
  {
    kind: 'chat',
    from: 'coach',
    to: 'student',
    html: '<p>No bass needed: a kick, a snare and a hi-hat are enough. Hand it in when it grooves!</p>',
    hoursAgo: 25,
  },
  {
    kind: 'support',
    from: 'student',
    to: null,
    html: '<p>The chord in episode 1 plays very quietly on my phone.</p>',
    hoursAgo: 3,
  },
];

export async function seedDemoMessages(
  db: Db,
  opts: { siteId: number; studentId: number; coachId: number; courseId: number },
): Promise<void> {
  const idOf = (who: SeedMessage['from']) => (who === null ? null : who === 'student' ? opts.studentId : opts.coachId);
  for (const message of demoMessages) {
    const at = new Date(Date.now() - message.hoursAgo * 3_600_000).toISOString();
    const later = new Date(Date.parse(at) + 30 * 60_000).toISOString();
    const row = await db
      .insertInto('messages')
      .values({
        site_id: opts.siteId,
        kind: message.kind,
        from_user_id: idOf(message.from),
        to_user_id: idOf(message.to),
        title: message.title ?? '',
        message: sanitizeRichText(message.html),
        course_id: opts.courseId,
        course_part_id: null,
        showed_at: message.opened ? later : null,
        replied_at: message.answered ? later : null,
        emailed_at: null,
        removed_by_sender: 0,
        removed_by_recipient: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (message.kind !== 'support') continue;
    await db
      .insertInto('tasks')
      .values({
        site_id: opts.siteId,
        task_type: TaskType.support,
        user_id: opts.studentId,
        course_id: opts.courseId,
        course_part_id: null,
        user_exam_id: null,
        message_id: row.id,
        description: 'The chord in episode 1 plays very quietly on my phone.',
        event_start_date: null,
        owner_user_id: null,
        note: '',
        completed_at: null,
        completed_by_user_id: null,
        trashed_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
