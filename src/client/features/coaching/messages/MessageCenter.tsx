import { lazy, Suspense, useEffect, useState } from 'react';
import { SYSTEM_USER_ID } from '../../../../shared/domain/coaching/messages';
import { preload } from '../../../app/shell/deferred';
import { Bell } from './Bell';
import { type ChatTarget, closeMessageDialogs, useMessageDialogs } from './dialogs';
import { useInbox } from './inbox';

const loadChatDialog = () => import('./ChatDialog');
const ChatDialog = lazy(loadChatDialog);
const SupportDialog = lazy(() => import('./SupportDialog'));

/**
 * The signed-in user's messages (a chunk of its own, loaded with the top bar's user controls): polls them (and, for
 * staff, the support inbox), shows the bell, and draws the chat and tech-support dialogs whoever opened them.
 */
export default function MessageCenter({ userId, staff }: { userId: number; staff: boolean }) {
  const inbox = useInbox(userId);
  const support = useInbox(SYSTEM_USER_ID, staff);
  const dialogs = useMessageDialogs();
  // The chat stays drawn after closing, for its closing transition and to give the focus back.
  const [shownChat, setShownChat] = useState<ChatTarget | null>(null);
  if (dialogs.chat && dialogs.chat !== shownChat) setShownChat(dialogs.chat);
  // Signing out takes the message centre away, and whatever it had open.
  useEffect(() => closeMessageDialogs, []);

  return (
    <>
      <Bell userId={userId} inbox={inbox} support={staff ? support : null} onPreload={preload(loadChatDialog)} />
      {shownChat && (
        <Suspense fallback={null}>
          <ChatDialog key={shownChat.userId} target={shownChat} opened={dialogs.chat !== null} />
        </Suspense>
      )}
      {dialogs.support && (
        <Suspense fallback={null}>
          <SupportDialog />
        </Suspense>
      )}
    </>
  );
}
