import { userExam } from '../../../../shared/contract/coaching/userExam';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { presentExam } from '../presenters/exam';
import { getUserExam, reviewUserExam, saveUserExam, submitUserExam } from '../services/exams';

export const userExamHandlers = handlers(userExam, {
  async get_user_exam(ctx, data) {
    const exam = await getUserExam(ctx.db, {
      siteId: ctx.site.id,
      viewer: signedInUser(ctx),
      learnerId: data.UserId,
      courseId: data.CourseId,
      userExamId: data.UserExamId ?? null,
      blockId: data.BlockId ?? null,
    });
    return { status: 'OK', data: presentExam(exam) };
  },
  async save_user_exam(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const exam = await saveUserExam(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.CourseId,
      blockId: data.BlockId,
      answer: data.Answer,
    });
    return { status: 'OK', data: presentExam(exam) };
  },
  async submit_user_exam(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const exam = await submitUserExam(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.CourseId,
      blockId: data.BlockId,
      answer: data.Answer,
    });
    return { status: 'OK', data: presentExam(exam), AlreadySubmitted: exam.alreadySubmitted };
  },
  async review_user_exam(ctx, data) {
    // The call's context carries what a review's notice needs: the database, the outbox, the site and the language.
    const exam = await reviewUserExam(ctx, {
      reviewer: signedInUser(ctx),
      userExamId: data.UserExamId,
      approve: data.Approve,
      comment: data.Comment,
      score: data.Score ?? null,
    });
    return { status: 'OK', data: presentExam(exam) };
  },
});
