import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_USER_ID } from '../../../../shared/domain/coaching/messages';
import { useOpenedAfterMount } from '../../../components/useOpenedAfterMount';
import { ChatPanel } from './ChatPanel';
import { type ChatTarget, closeChat } from './dialogs';
import { EmailOfferDialog } from './EmailOfferDialog';
import classes from './messages.module.css';

/** The chat with one user (spec §2, §9): 650 px wide, the whole screen on a phone, the editor 150 px high. */
export default function ChatDialog({ target, opened }: { target: ChatTarget; opened: boolean }) {
  const { t } = useTranslation('coaching');
  const phone = useMediaQuery('(max-width: 48em)');
  const shown = useOpenedAfterMount(opened);
  const [emailOffer, setEmailOffer] = useState<number | null>(null);
  const title = target.userId === SYSTEM_USER_ID ? t('system.title') : t('chat.title', { name: target.name });

  return (
    <>
      <Modal
        opened={shown}
        onClose={closeChat}
        title={title}
        size={650}
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('chat.close') }}
        classNames={{ title: classes.dialogTitle, content: classes.chatContent, body: classes.chatBody }}
        data-testid="chat-dialog"
      >
        <ChatPanel target={target} active={opened} variant="dialog" onOffline={setEmailOffer} />
      </Modal>
      <EmailOfferDialog messageId={emailOffer} name={target.name} onClose={() => setEmailOffer(null)} />
    </>
  );
}
