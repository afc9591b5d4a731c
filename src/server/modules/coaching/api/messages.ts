import { messages } from '../../../../shared/contract/coaching/messages';
import { type CallContext, callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { presentMessage } from '../presenters/message';
import { sendMessageAsEmail, sendSupportMessage, submitMessage } from '../services/messageSending';
import { listMessages, markMessagesOpened, removeMessage } from '../services/messages';
import { recordPresence } from '../services/presence';

const sendDeps = (ctx: CallContext) => ({
  db: ctx.db,
  config: ctx.config,
  mailer: ctx.mailer,
  site: ctx.site,
});

export const messagesHandlers = handlers(messages, {
  async get_messages(ctx, data) {
    const user = signedInUser(ctx);
    const [page] = await Promise.all([
      listMessages(ctx.db, {
        siteId: ctx.site.id,
        user,
        userId: data.UserId,
        withUserId: data.FromUserId ?? null,
        lastDate: data.LastDate,
        page: data.page,
        limit: data.limit,
      }),
      recordPresence(ctx.db, user),
    ]);
    return {
      status: 'OK',
      data: page.rows.map((row) => presentMessage(row, user, page.senders.get(row.sent_by_user_id))),
      datetime: page.datetime,
      pagination: { page: data.page, total_pages: page.totalPages },
      unopened: page.unopened,
    };
  },
  async mark_messages_as_opened(ctx, data) {
    await markMessagesOpened(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx), ids: data.map((m) => m.Id) });
    return { status: 'OK' };
  },
  async submit_message(ctx, data) {
    const sender = callerNamed(ctx, data.FromUserId);
    const sent = await submitMessage(sendDeps(ctx), {
      sender,
      toUserId: data.UserId ?? null,
      toCourseCoaches: data.SendToCourseCoaches ?? false,
      asNotification: data.SendAsNotification ?? false,
      asEmail: data.SendAsEmail ?? false,
      title: data.Title ?? '',
      html: data.Message,
      courseId: data.CourseId ?? null,
      coursePartId: data.CoursePartId ?? null,
    });
    return {
      status: 'OK',
      createMessageResult: { data: { Id: sent.id }, recipientOnlineStatus: { data: sent.online } },
    };
  },
  async send_message_as_email(ctx, data) {
    const emailed = await sendMessageAsEmail(sendDeps(ctx), { sender: signedInUser(ctx), messageId: data.Id });
    return { status: 'OK', emailed };
  },
  async remove_message(ctx, data) {
    await removeMessage(ctx.db, { siteId: ctx.site.id, user: callerNamed(ctx, data.UserId), messageId: data.Id });
    return { status: 'OK' };
  },
  async send_support_message(ctx, data) {
    const sent = await sendSupportMessage(sendDeps(ctx), {
      sender: signedInUser(ctx),
      html: data.Message,
      courseId: data.CourseId ?? null,
      coursePartId: data.CoursePartId ?? null,
    });
    return { status: 'OK', data: { Id: sent.id, TaskId: sent.taskId } };
  },
});
