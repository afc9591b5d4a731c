import type { Page } from 'playwright-core';
import { MESSAGE_PAGE_SIZE } from '../../../src/shared/domain/coaching/messages';
import { nth } from '../../support/answers';
import type { ServerProcess } from '../../support/process';
import {
  type Account,
  callAs,
  type Place,
  probeText,
  type RichTextPath,
  type RichTextSlot,
  signedIn,
  visit,
} from './richTextPaths';

/**
 * The rich text of coaching: chat messages, support requests, task notes, exam answers and review comments. Each is
 * stored by one user through the API and shown to another, signed in, where the client renders it.
 */

/** Opens the bell of a freshly loaded page and, from the message of payload `last`, the chat with its sender. */
async function openConversation(page: Page, last: number) {
  // Any page with the top bar: the bell lists the newest messages, and opening one opens the conversation.
  await page.goto('/404', { waitUntil: 'commit' });
  await page.getByTestId('message-bell').click();
  const item = page
    .getByTestId('bell-dropdown')
    .getByTestId('bell-message')
    .filter({ hasText: probeText(last) })
    // The same payload may have come before (the server-side check sends them all): any opens the conversation.
    .first();
  await item.click({ timeout: 15_000 });
  await page.getByTestId('chat-messages').waitFor({ timeout: 15_000 });
}

export const chatMessages: RichTextPath = {
  name: "chat messages (messages.php submit_message) in the recipient's bell and chat",
  containers: ['[data-testid="chat-messages"] .rich-text'],
  // A message each; every message of one view is on the conversation's first page, which the chat opens with.
  perText: 1,
  perView: MESSAGE_PAGE_SIZE - 3,
  editable: false,
  async slots(server, { admin, coach, student }) {
    // Three conversations, no two alike: the messages of one view are the newest of their conversation.
    const pairs: [Account, Account][] = [
      [coach, student],
      [admin, coach],
      [student, admin],
    ];
    return pairs.map(([sender, recipient]) => ({
      label: `from ${sender.email} to ${recipient.email}`,
      storage: signedIn(recipient),
      async store(html: string): Promise<Place> {
        await callAs(server, sender, 'messages.php', 'submit_message', {
          FromUserId: sender.id,
          UserId: recipient.id,
          Title: '',
          Message: html,
        });
        return {
          key: 'bell and chat',
          open: (page, indices) => openConversation(page, indices[indices.length - 1] ?? 0),
        };
      },
      async readStored() {
        const answer = await callAs(server, recipient, 'messages.php', 'get_messages', {
          UserId: recipient.id,
          FromUserId: sender.id,
          page: 1,
          limit: 1,
        });
        return answer.data[0]?.Message ?? '';
      },
    }));
  },
};

export const supportTasks: RichTextPath = {
  name: 'support messages (messages.php send_support_message) and task notes (tasks.php update_task) on /Tasks/:id',
  // The support message shows as the task's description (its text), the note in the note's editor.
  containers: ['[data-testid="task-description"]', '[data-testid="task-note"] [contenteditable="true"]'],
  perText: 8,
  perView: 1,
  editable: false,
  async slots(server, { admin, coach, student }) {
    // A student writes to support; the staff member who opens the task writes her note on it.
    return [coach, admin].map((viewer) => {
      let last = { messageId: 0, taskId: 0 };
      return {
        label: `from ${student.email}, noted and read by ${viewer.email}`,
        storage: signedIn(viewer),
        async store(html: string): Promise<Place> {
          const sent = await callAs(server, student, 'messages.php', 'send_support_message', { Message: html });
          last = { messageId: sent.data.Id, taskId: sent.data.TaskId };
          await callAs(server, viewer, 'tasks.php', 'update_task', {
            UserId: viewer.id,
            Task: { Id: last.taskId, Note: html },
          });
          const url = `/Tasks/${last.taskId}`;
          return { key: url, open: (page) => visit(page, url) };
        },
        async readStored() {
          const inbox = await callAs(server, viewer, 'messages.php', 'get_messages', { UserId: -1, limit: 100 });
          const message = (inbox.data as { Id: number; Message: string }[]).find((m) => m.Id === last.messageId);
          if (!message) throw new Error(`support message ${last.messageId} is not in the support inbox`);
          const task = await callAs(server, viewer, 'tasks.php', 'get_task', { Id: last.taskId });
          return `${message.Message}\n${task.data.Note}`;
        },
      };
    });
  },
};

interface ExamBlockRef {
  courseId: number;
  partId: number;
  blockId: number;
}

/** The blocks of the student's courses that she answers and a coach reviews (Exam, FinalExam, Question). */
async function reviewedBlocks(server: ServerProcess, student: Account): Promise<ExamBlockRef[]> {
  const mine = await callAs(server, student, 'course.php', 'get_my_courses', { UserId: student.id });
  const blocks: ExamBlockRef[] = [];
  for (const { Id: courseId } of mine.data as { Id: number }[]) {
    const course = await callAs(server, student, 'course.php', 'get_course', {
      UserId: student.id,
      CourseId: courseId,
    });
    for (const part of nth(course.data).CourseParts) {
      for (const block of part.Blocks.filter((b) => ['Exam', 'FinalExam', 'Question'].includes(b.BlockType))) {
        blocks.push({ courseId, partId: part.Id, blockId: block.Id });
      }
    }
  }
  if (blocks.length === 0) throw new Error('the demo student has no exam to answer');
  return blocks;
}

/**
 * One round of an exam per stored text, each on the next of the student's exams: she saves the text as her answer
 * and hands it in (a review task for the staff), the coach returns it with the same text as his comment.
 */
function examRounds(server: ServerProcess, student: Account, coach: Account, blocks: ExamBlockRef[]) {
  let turn = 0;
  let last: { block: ExamBlockRef; userExamId: number } | undefined;
  const target = (block: ExamBlockRef) => ({ UserId: student.id, CourseId: block.courseId, BlockId: block.blockId });
  return {
    async store(html: string) {
      const block = blocks[turn++ % blocks.length] as ExamBlockRef;
      await callAs(server, student, 'user_exam.php', 'save_user_exam', { ...target(block), Answer: html });
      const submitted = await callAs(server, student, 'user_exam.php', 'submit_user_exam', target(block));
      const userExamId = submitted.data.UserExamId as number;
      await callAs(server, coach, 'user_exam.php', 'review_user_exam', {
        UserExamId: userExamId,
        Approve: false,
        Comment: html,
      });
      last = { block, userExamId };
      return { block, userExamId };
    },
    async readStored() {
      if (!last) return '';
      const exam = await callAs(server, student, 'user_exam.php', 'get_user_exam', target(last.block));
      return `${exam.data.Answer}\n${exam.data.ReviewComment ?? ''}`;
    },
  };
}

export const examCommentsForStudent: RichTextPath = {
  name: "exam review comments (user_exam.php review_user_exam) on the student's course page",
  // The comment, and her answer back in her editor to be changed.
  containers: ['[data-testid="exam-comment"] .rich-text', '[data-testid="exam-block"] [contenteditable="true"]'],
  // One round on each of her exams, then a look at each part that holds them.
  perText: 8,
  perView: 3,
  editable: false,
  async slots(server, { coach, student }): Promise<RichTextSlot[]> {
    const rounds = examRounds(server, student, coach, await reviewedBlocks(server, student));
    return [
      {
        label: `returned to ${student.email}`,
        // The course's navigation as a drawer would cover the page.
        storage: { ...signedIn(student), showCourseNav: 'false' },
        async store(html) {
          const { block } = await rounds.store(html);
          const url = `/course/${block.courseId}/post/${block.partId}`;
          return {
            key: url,
            // Her exams ask for their state when they mount: a part still on screen is left for the overview first.
            async open(page) {
              if (new URL(page.url()).pathname === url) {
                await visit(page, `/course/${block.courseId}`);
                await page.getByTestId('exam-block').first().waitFor({ state: 'detached' });
              }
              await visit(page, url);
            },
          };
        },
        readStored: rounds.readStored,
      },
    ];
  },
};

export const examAnswersForStaff: RichTextPath = {
  name: 'exam answers (user_exam.php submit_user_exam) and review comments on the review task /Tasks/:id',
  containers: [
    '[data-testid="exam-review"] [data-testid="exam-answer"] .rich-text',
    '[data-testid="exam-review"] [role="alert"] .rich-text',
  ],
  perText: 8,
  perView: 3,
  editable: false,
  async slots(server, { admin, coach, student }): Promise<RichTextSlot[]> {
    const rounds = examRounds(server, student, coach, await reviewedBlocks(server, student));
    // The page keeps an exam it showed for a while: one it holds already is looked at after a fresh load.
    const held = new Set<number>();
    return [
      {
        label: `answered by ${student.email}, read by ${admin.email}`,
        storage: signedIn(admin),
        async store(html) {
          const { block, userExamId } = await rounds.store(html);
          const tasks = await callAs(server, admin, 'tasks.php', 'get_tasks', {
            UserId: admin.id,
            Condition: 'all',
            CourseId: block.courseId,
          });
          const reviews = (tasks.data as { Id: number; UserExamId: number | null }[]).filter(
            (t) => t.UserExamId === userExamId,
          );
          if (reviews.length === 0) throw new Error(`handing in exam ${userExamId} made no review task`);
          const url = `/Tasks/${Math.max(...reviews.map((t) => t.Id))}`;
          return {
            key: url,
            async open(page) {
              if (held.has(userExamId)) {
                held.clear();
                await page.goto(url, { waitUntil: 'commit' });
              } else {
                await visit(page, url);
              }
              held.add(userExamId);
            },
          };
        },
        readStored: rounds.readStored,
      },
    ];
  },
};
