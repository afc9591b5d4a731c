import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Indicator,
  Popover,
  ScrollArea,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '../../../../shared/contract/coaching/messages';
import { SYSTEM_USER_ID } from '../../../../shared/domain/coaching/messages';
import { openChat } from './dialogs';
import { markOpened, type useInbox } from './inbox';
import classes from './messages.module.css';
import { plainText, useMessageTime } from './time';

const senderName = (message: Message) => `${message.SenderFirstName} ${message.SenderLastName}`.trim();
const initials = (message: Message) => `${message.SenderFirstName[0] ?? ''}${message.SenderLastName[0] ?? ''}`;

type Inbox = ReturnType<typeof useInbox>;
type BellTab = 'messages' | 'support';

/**
 * The bell of the top bar (spec §2, §4): the count of unopened messages; opening it marks them opened and lists
 * the stored messages, newest first, with a dot on those not answered yet. A message from a user opens the chat
 * with her; a system message opens the system's messages, which cannot be answered. Staff also have the support
 * inbox in a second tab: its count joins the bell's, and a request opens the chat with whoever sent it.
 */
export function Bell({
  userId,
  inbox,
  support,
  onPreload,
}: {
  userId: number;
  inbox: Inbox;
  /** The support inbox, for staff. */
  support: Inbox | null;
  onPreload(): void;
}) {
  const { t } = useTranslation('coaching');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<BellTab>('messages');
  const shown = tab === 'support' && support ? { inbox: support, id: SYSTEM_USER_ID } : { inbox, id: userId };
  const shownMessages = shown.inbox.data?.messages;
  const unopenedOf = (of: Inbox | null) => of?.data?.unopened ?? 0;
  const unopened = unopenedOf(inbox) + unopenedOf(support);

  // Opening the bell opens what it lists (spec §4); what arrives while it is open is opened too.
  useEffect(() => {
    if (!opened || !shownMessages) return;
    void markOpened(
      queryClient,
      shown.id,
      shownMessages.filter((m) => m.Showed === 0).map((m) => m.Id),
    );
  }, [opened, shownMessages, shown.id, queryClient]);

  const open = (message: Message) => {
    setOpened(false);
    if (message.FromUserId === SYSTEM_USER_ID) openChat({ userId: SYSTEM_USER_ID, name: t('system.sender') });
    else
      openChat({
        userId: message.FromUserId,
        name: senderName(message),
        courseId: message.course_id,
        coursePartId: message.course_part_id,
      });
  };

  const label = unopened > 0 ? t('bell.labelUnopened', { count: unopened }) : t('bell.label');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          aria-label={label}
          title={label}
          data-testid="message-bell"
          data-unopened={unopened}
          data-unopened-messages={unopenedOf(inbox)}
          data-unopened-support={unopenedOf(support)}
        >
          <Indicator
            label={unopened > 99 ? '99+' : unopened}
            disabled={unopened === 0}
            size={18}
            color="red.9"
            offset={2}
            data-testid="bell-count"
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="bell-dropdown">
        <Text component="h2" fw={700} px="md" py="sm" className={classes.bellHeading}>
          {t('bell.title')}
        </Text>
        {support ? (
          <Tabs value={tab} onChange={(value) => setTab(value === 'support' ? 'support' : 'messages')}>
            <Tabs.List grow>
              <BellTabButton value="messages" count={unopenedOf(inbox)} />
              <BellTabButton value="support" count={unopenedOf(support)} />
            </Tabs.List>
            <Tabs.Panel value="messages">
              <MessageItems inbox={inbox} onOpen={open} empty={t('bell.empty')} />
            </Tabs.Panel>
            <Tabs.Panel value="support">
              <MessageItems inbox={support} onOpen={open} empty={t('bell.supportEmpty')} supportInbox />
              <Anchor component={Link} to="/Tasks" onClick={() => setOpened(false)} className={classes.bellFooter}>
                {t('bell.supportTasks')}
              </Anchor>
            </Tabs.Panel>
          </Tabs>
        ) : (
          <MessageItems inbox={inbox} onOpen={open} empty={t('bell.empty')} />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function BellTabButton({ value, count }: { value: BellTab; count: number }) {
  const { t } = useTranslation('coaching');
  return (
    <Tabs.Tab
      value={value}
      rightSection={
        count > 0 ? (
          <Badge size="sm" color="red.9" circle aria-label={t('bell.tabUnopened', { count })}>
            {count > 99 ? '99+' : count}
          </Badge>
        ) : null
      }
      data-testid={`bell-tab-${value}`}
    >
      {t(`bell.tabs.${value}`)}
    </Tabs.Tab>
  );
}

/**
 * One inbox's stored messages, newest first. In the support inbox nobody is answered by a reply (the requests have
 * no recipient), so no dot marks them.
 */
function MessageItems({
  inbox,
  onOpen,
  empty,
  supportInbox = false,
}: {
  inbox: Inbox;
  onOpen(message: Message): void;
  empty: string;
  supportInbox?: boolean;
}) {
  const { t } = useTranslation('coaching');
  const time = useMessageTime();
  const messages = inbox.data?.messages ?? [];
  if (messages.length === 0) {
    return (
      <Text px="md" py="md" c="dimmed">
        {inbox.isError ? t('bell.loadFailed') : empty}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="min(60vh, 480px)" type="auto">
      <ul className={classes.bellList}>
        {messages.map((message) => {
          const system = message.FromUserId === SYSTEM_USER_ID;
          // Staff also learn which of them sent a system message (the server tells no one else).
          const name = system
            ? message.SentByName
              ? t('system.sentBy', { name: message.SentByName })
              : t('system.sender')
            : senderName(message);
          const unanswered = !system && !supportInbox && message.ReplyDate === null;
          return (
            <li key={message.Id}>
              <UnstyledButton
                className={classes.bellItem}
                onClick={() => onOpen(message)}
                data-testid="bell-message"
                data-unanswered={unanswered}
              >
                <Avatar
                  size="md"
                  radius="xl"
                  color={system ? 'gray' : 'blue'}
                  src={message.SenderUserFileId ? `/media/avatar/${message.SenderUserFileId}` : null}
                  alt=""
                >
                  {system ? <IconBell size={18} aria-hidden /> : initials(message)}
                </Avatar>
                <span className={classes.bellText}>
                  <span className={classes.bellMeta}>
                    <Text component="span" size="sm" fw={600} truncate data-testid="bell-sender">
                      {name}
                    </Text>
                    <Text component="time" size="xs" c="dimmed" dateTime={message.CDate} className={classes.nowrap}>
                      {time(message.CDate, { bell: true })}
                    </Text>
                  </span>
                  <Text component="span" size="sm" lineClamp={2} className={classes.preview}>
                    {message.Title ? `${message.Title}: ` : ''}
                    {plainText(message.Message)}
                  </Text>
                </span>
                {unanswered && (
                  <>
                    <span className={classes.dot} aria-hidden data-testid="unanswered-dot" />
                    <VisuallyHidden>{t('bell.unanswered')}</VisuallyHidden>
                  </>
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </ScrollArea.Autosize>
  );
}
