import { lazy, Suspense, useEffect, useState } from 'react';
import { preload } from '../shell/deferred';
import { Bell } from './Bell';
import { type ChatTarget, closeMessageDialogs, useMessageDialogs } from './dialogs';
import { useInbox } from './inbox';

const loadChatDialog = () => import('./ChatDialog');
const ChatDialog = lazy(loadChatDialog);
const SupportDialog = lazy(() => import('./SupportDialog'));

/**
 * The signed-in user's messages (a chunk of its own, loaded with the top bar's user controls): polls them, shows
 * the bell, and draws the chat and tech-support dialogs whoever opened them.
 */
export default function MessageCenter({ userId }: { userId: number }) {
  const inbox = useInbox(userId);
  const dialogs = useMessageDialogs();
  // The chat stays drawn after closing, for its closing transition and to give the focus back.
  const [shownChat, setShownChat] = useState<ChatTarget | null>(null);
  if (dialogs.chat && dialogs.chat !== shownChat) setShownChat(dialogs.chat);
  // Signing out takes the message centre away, and whatever it had open.
  useEffect(() => closeMessageDialogs, []);

  return (
    <>
      <Bell userId={userId} inbox={inbox} onPreload={preload(loadChatDialog)} />
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
