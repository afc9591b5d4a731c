import { TaskType } from '../../shared/domain/coaching/tasks';
import { insertMessage, insertTask } from '../modules/coaching';
import type { Db } from '../platform/db';
import type { MessageKind } from '../platform/db/schema';
import { htmlToText, sanitizeRichText } from '../platform/lib/sanitize';

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
    const id = await insertMessage(db, opts.siteId, {
      kind: message.kind,
      from: idOf(message.from),
      to: idOf(message.to),
      title: message.title ?? '',
      message: sanitizeRichText(message.html),
      courseId: opts.courseId,
      partId: null,
      at,
      showedAt: message.opened ? later : null,
      repliedAt: message.answered ? later : null,
    });
    if (message.kind !== 'support') continue;
    await insertTask(db, opts.siteId, {
      taskType: TaskType.support,
      description: htmlToText(message.html),
      userId: opts.studentId,
      courseId: opts.courseId,
      coursePartId: null,
      messageId: id,
      at,
    });
  }
}
