import { describe, expect, it } from 'vitest';
import { findIn, nth } from '../support/answers';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';
import { createLearner, signIn } from './support/learners';
import { isReviewed } from './support/reviews';
import { type CourseWorld, useCourseWorld } from './support/world';

interface ReviewPart {
  Id: number;
  Name: string;
  ProgressCriteria: string;
  Blocks: { Id: number; BlockType: string }[];
}

/** A part of the course completed by one reviewed answer: one approval completes it. */
async function singleExamPart(learner: { token: string; userId: number }, courseId: number) {
  const course = nth(
    (await apiCall('course.php', 'get_course', { UserId: learner.userId, CourseId: courseId }, learner.token)).data,
  );
  const part = (course.CourseParts as ReviewPart[]).find(
    (p) => p.ProgressCriteria === 'review' && p.Blocks.filter(isReviewed).length === 1,
  );
  if (!part) throw new Error('the demo course has no part completed by one reviewed answer');
  return { part, progress: course.progress_percent as number, courseName: course.Name as string };
}

describe.skipIf(!e2eAvailable)('tasks and exam reviews', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const course = (): CourseWorld['course'] => world().course;

  it('a student submits an exam, the coach returns it with a comment, approves the new answer from its task, and her progress moves', {
    timeout: 120_000,
  }, async () => {
    const learnerAccount = {
      ...(await createLearner(course().id, { first: 'Ella', last: 'Exam' })),
      name: 'Ella Exam',
    };
    const studentContext = await newContext(browser(), { storage: { showCourseNav: 'false' } });
    const learner = await signInViaApi(studentContext, learnerAccount.email);
    const { part, progress: before, courseName } = await singleExamPart(learner, course().id);
    const student = await studentContext.newPage();

    // Not started: the instructions and an empty answer.
    await gotoPage(student, `/course/${course().id}/post/${part.Id}`);
    await settle(student);
    const exam = student.getByTestId('exam-block');
    const state = exam.getByTestId('exam-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('not_started');
    expect(await student.locator('main header [data-testid="completed-mark"]').count()).toBe(0);
    const answer = exam.getByRole('textbox', { name: 'Your answer' });
    await answer.waitFor();
    await expectAccessible(student, 'exam, not started');

    // An empty answer is not handed in.
    await exam.getByTestId('submit-exam').click();
    await exam.getByText('Please write your answer before you submit it.').waitFor();

    // Saving starts the exam; submitting hands it in and locks the answer.
    await answer.click();
    await student.keyboard.type('Sound travels as pressure waves through the air to the eardrum.');
    await exam.getByTestId('exam-unsaved').waitFor();
    await exam.getByTestId('save-exam').click();
    await student.getByText('Your answer was saved.').waitFor();
    await expect.poll(() => state.getAttribute('data-state')).toBe('in_progress');
    await exam.getByTestId('submit-exam').click();
    await student.getByText('Your answer was sent to your coach for review.').waitFor();
    await expect.poll(() => state.getAttribute('data-state')).toBe('submitted');
    expect(await state.textContent()).toBe('Waiting for review');
    expect(await exam.getByRole('textbox').count()).toBe(0);
    expect(await exam.getByTestId('exam-answer').textContent()).toContain('pressure waves');
    await expectAccessible(student, 'exam, waiting for review');

    // The coach, in a browser of his own, finds the review task in the open tasks of the course.
    const coachContext = await newContext(browser(), { colorScheme: 'dark' });
    const coachSession = await signInViaApi(coachContext, world().coach.email);
    const openReviewTask = async () => {
      const open = (
        await apiCall(
          'tasks.php',
          'get_tasks',
          { UserId: coachSession.userId, Condition: 'open', CourseId: course().id },
          coachSession.token,
        )
      ).data as { Id: number; UserId: number; CoursePartId: number; UserExamId: number | null }[];
      const task = open.find((t) => t.UserId === learner.userId && t.CoursePartId === part.Id && t.UserExamId !== null);
      if (!task) throw new Error('the submission made no open review task');
      return task.Id;
    };
    const firstTaskId = await openReviewTask();
    const coach = await coachContext.newPage();
    await gotoPage(coach, `/Tasks?course=${course().id}`);
    await settle(coach);
    const row = coach.locator(`[data-testid="task-row"][data-task-id="${firstTaskId}"]`);
    await row.getByRole('link', { name: `review from ${learnerAccount.name}` }).click();
    await coach.waitForURL(`**/Tasks/${firstTaskId}`);
    const review = coach.getByTestId('exam-review');
    await review.getByTestId('review-form').waitFor();
    await settle(coach);
    expect(await review.getByTestId('exam-answer').textContent()).toContain('pressure waves');
    expect(await review.getByTestId('exam-state').textContent()).toBe('Waiting for review');
    // While the submission waits, the task is completed by the review, not by hand.
    await coach.getByText('Approve or return the submission to complete this task.').waitFor();
    await expectAccessible(coach, 'review task (dark)');

    // Returned: only with a comment, which the student then reads beside her answer, open to change again.
    await review.getByTestId('return-exam').click();
    await review.getByText('Write a comment so the student knows what to change.').waitFor();
    await review.getByRole('textbox', { name: 'Comment to the student' }).click();
    await coach.keyboard.type('Say what the eardrum does.');
    // A score is optional, a whole number up to 100: anything else is said, not sent.
    const score = review.getByRole('textbox', { name: 'Score (optional)' });
    await score.fill('150');
    await review.getByTestId('return-exam').click();
    await review.getByText('Enter a whole number from 0 to 100, or leave it empty.').waitFor();
    await score.fill('60');
    await review.getByTestId('return-exam').click();
    await coach.getByText('Returned to the student with your comment.').waitFor();
    await review.getByText('Returned to the student, who may change the answer and submit it again.').waitFor();
    await expect
      .poll(() => coach.getByTestId('task-completed-by').textContent())
      .toMatch(/^Completed by Carl Coach on /);

    await student.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('returned');
    expect(await state.textContent()).toBe('Returned with a comment');
    expect(await exam.getByTestId('exam-comment').textContent()).toContain('Say what the eardrum does.');
    expect(await exam.getByTestId('exam-score').textContent()).toBe('Score: 60 / 100');
    await expectAccessible(student, 'exam, returned');
    await answer.click();
    await student.keyboard.press('End');
    await student.keyboard.type(' The eardrum vibrates with them.');
    await exam.getByTestId('submit-exam').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('submitted');
    expect(await exam.getByTestId('exam-answer').textContent()).toContain('The eardrum vibrates');

    // The new submission is a new review task; the coach approves it.
    const secondTaskId = await openReviewTask();
    expect(secondTaskId).not.toBe(firstTaskId);
    await gotoPage(coach, `/Tasks/${secondTaskId}`);
    await review.getByTestId('review-form').waitFor();
    await settle(coach);
    expect(await review.getByTestId('exam-answer').textContent()).toContain('The eardrum vibrates');
    await review.getByRole('textbox', { name: 'Comment to the student' }).click();
    await coach.keyboard.type('Well explained!');
    await review.getByTestId('approve-exam').click();
    await coach.getByText('Approved: the student has completed this part.').first().waitFor();
    await expect.poll(() => review.getByTestId('exam-state').textContent()).toBe('Completed');
    await expect
      .poll(() => coach.getByTestId('task-completed-by').textContent())
      .toMatch(/^Completed by Carl Coach on /);
    expect(await coach.getByTestId('task-status').first().textContent()).toBe('Completed');
    // The student can be answered from her task: the conversation with her is on its page.
    await coach
      .getByTestId('task-conversation')
      .getByRole('textbox', { name: `Your message to ${learnerAccount.name}` })
      .waitFor({ timeout: 15_000 });

    // Back on the student's tab the decision shows without a reload, and the part and progress move with it.
    await student.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('completed');
    expect(await exam.getByTestId('exam-comment').textContent()).toContain('Well explained!');
    await student.locator('main header [data-testid="completed-mark"]').waitFor();
    const after = (await singleExamPart(learner, course().id)).progress;
    expect(after).toBeGreaterThan(before);
    await student.getByRole('link', { name: courseName }).first().click();
    await expect.poll(() => student.getByTestId('course-progress').textContent()).toBe(`${after}% complete`);
    await expectAccessible(student, 'exam, completed');

    await studentContext.close();
    await coachContext.close();
  });

  it('the coach writes a task, takes it, notes it, trashes it, restores it from the trash and completes it', async () => {
    const coachSession = await signIn(world().coach.email);
    const context = await newContext(browser());
    await signInViaApi(context, world().coach.email);
    const page = await context.newPage();
    await gotoPage(page, '/Tasks');
    await settle(page);

    // A new task: a description is required.
    await page.getByTestId('new-task').click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await dialog.getByText('Please describe the task.').waitFor();
    await expectAccessible(page, 'new task dialog');
    await dialog.getByRole('textbox', { name: 'What is to be done?' }).fill('Call Stina about her studio setup.');
    await dialog.getByRole('combobox', { name: 'Course' }).selectOption({ label: course().name });
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await page.getByText('The task was created.').waitFor();
    await page.waitForURL(/\/Tasks\/\d+$/);
    const taskId = Number(new URL(page.url()).pathname.split('/').pop());
    await settle(page);
    expect(await page.getByTestId('task-description').textContent()).toBe('Call Stina about her studio setup.');
    expect(await page.getByRole('link', { name: course().name }).getAttribute('href')).toBe(`/course/${course().id}`);

    // Handed to the administrator (any staff member of the site, not only the course's coaches), then taken back.
    const adminId = (await signIn(demo.admin)).userId;
    await page.getByTestId('task-owner').selectOption({ label: 'Ada Admin' });
    await page.getByText('The owner was changed.').waitFor();
    await expect
      .poll(async () => (await apiCall('tasks.php', 'get_task', { Id: taskId }, coachSession.token)).data.TaskOwner)
      .toBe(adminId);
    await page.getByText('The owner was changed.').waitFor({ state: 'detached' });

    // Take it, and write a note.
    await page.getByRole('button', { name: 'Take this task' }).click();
    await page.getByText('The owner was changed.').waitFor();
    await expect.poll(() => page.getByTestId('task-owner').inputValue()).toBe(String(coachSession.userId));
    await page.getByRole('textbox', { name: 'Note for the staff' }).click();
    await page.keyboard.type('Booked a call for Friday.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('The note was saved.').waitFor();
    const saved = await apiCall('tasks.php', 'get_task', { Id: taskId }, coachSession.token);
    expect(saved.data.Note).toContain('Booked a call for Friday.');
    expect(saved.data.TaskOwner).toBe(coachSession.userId);

    // To the trash: gone from the open list, there in the trash.
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('The task was moved to the trash.').waitFor();
    await page.getByTestId('trash-notice').waitFor();
    await page.getByRole('link', { name: 'Back to tasks' }).click();
    await settle(page);
    const row = page.locator(`[data-testid="task-row"][data-task-id="${taskId}"]`);
    await page.getByTestId('task-count').waitFor();
    // The list kept from before may show for a moment while it is fetched again.
    await row.waitFor({ state: 'detached' });
    // The trash switch works from the keyboard.
    await page.getByRole('switch', { name: 'Show the trash' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/trash=1/);
    await row.waitFor();
    expect(await row.getByTestId('task-status').textContent()).toBe('In trash');
    await expectAccessible(page, 'tasks, trash');

    // Restored from the trash, it is an open task again.
    await row.getByRole('button', { name: `Restore task ${taskId}` }).click();
    await page.getByText(`Task ${taskId} restored.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Show the trash' }).click();
    await row.waitFor();
    expect(await row.getByTestId('task-status').textContent()).toBe('Open');

    // Completed by hand: who and when.
    await row.getByRole('link').first().click();
    await settle(page);
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await page.getByText('The task was completed.').waitFor();
    await expect
      .poll(() => page.getByTestId('task-completed-by').textContent())
      .toMatch(/^Completed by Carl Coach on /);
    const completed = (await apiCall('tasks.php', 'get_task', { Id: taskId }, coachSession.token)).data;
    expect(completed.CompletedByUserId).toBe(coachSession.userId);
    expect(completed.CompletedDate).not.toBeNull();
    await context.close();
  });

  it('filters by condition and course, and a student is denied the task pages', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/Tasks');
    await settle(page);
    await page.getByTestId('task-condition').getByText('Completed').click();
    await page.waitForURL(/condition=completed/);
    // The address changes before the list does: wait until the open tasks have gone and no loader stands in.
    await expect
      .poll(async () => {
        if ((await page.locator('main .mantine-Loader-root').count()) > 0) return ['loading'];
        return (await page.getByTestId('task-status').allTextContents()).filter((status) => status !== 'Completed');
      })
      .toEqual([]);
    await page.getByTestId('task-count').waitFor();
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: course().name });
    await page.waitForURL(new RegExp(`course=${course().id}`));
    await context.close();

    const studentContext = await newContext(browser());
    await signInViaApi(studentContext, world().learner.email);
    const student = await studentContext.newPage();
    await student.goto('/Tasks');
    await student.waitForURL('**/denied');
    await studentContext.close();
  });

  it('the task list and a task pass axe-core in both themes, at desktop and phone width', {
    timeout: 120_000,
  }, async () => {
    const coach = await signIn(demo.coach);
    const tasks = (await apiCall('tasks.php', 'get_tasks', { UserId: coach.userId, Condition: 'all' }, coach.token))
      .data;
    expect(
      tasks.find((task) => task.TaskType === 9),
      'the demo has a support request',
    ).toBeDefined();
    const support = findIn(tasks, (task) => task.TaskType === 9);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const phone of [false, true]) {
        const label = `${colorScheme}${phone ? ', phone' : ''}`;
        const context = await newContext(browser(), { colorScheme, phone });
        await signInViaApi(context, demo.coach);
        const page = await context.newPage();
        await gotoPage(page, '/Tasks?condition=all');
        await settle(page);
        await page.getByTestId('task-row').first().waitFor();
        await expectAccessible(page, `/Tasks (${label})`);
        await gotoPage(page, `/Tasks/${support.Id}`);
        await settle(page);
        expect(await page.getByTestId('task-description').textContent()).toBe(support.Description);
        await page.getByRole('textbox', { name: 'Note for the staff' }).waitFor();
        await expectAccessible(page, `/Tasks/${support.Id} (${label})`);
        await context.close();
      }
    }
  });
});
