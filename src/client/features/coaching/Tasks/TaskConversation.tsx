import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { useSession } from '../../../app/session';
import { ChatPanel } from '../messages/ChatPanel';
import { EmailOfferDialog } from '../messages/EmailOfferDialog';
import { TaskSection } from './TaskBits';

/** The conversation with the task's student, on the task's page: read and answered without opening the chat. */
export function TaskConversation({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const { user } = useSession();
  const [emailOffer, setEmailOffer] = useState<number | null>(null);
  const { UserId: studentId, UserRealName: name } = task;
  // A task about no one, or about the viewer herself, has no one to write to.
  if (studentId === null || !name || studentId === user?.Id) return null;
  return (
    <TaskSection id="task-conversation" title={t('taskChat.title', { name })} data-testid="task-conversation">
      <ChatPanel
        target={{ userId: studentId, name, courseId: task.CourseId, coursePartId: task.CoursePartId }}
        active
        variant="inline"
        onOffline={setEmailOffer}
      />
      <EmailOfferDialog messageId={emailOffer} name={name} onClose={() => setEmailOffer(null)} />
    </TaskSection>
  );
}
