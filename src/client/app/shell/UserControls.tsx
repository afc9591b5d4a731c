import { ActionIcon, Avatar, Badge, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPencilOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isStaffUser, UserType } from '../../../shared/domain/roles';
import { storageKeys } from '../../../shared/domain/storage';
import { useEditMode } from '../../features/site/editMode';
import { useSession } from '../session';
import { storage } from '../storage';

// The bell with its poller and the chat: loaded only for a signed-in user.
const MessageCenter = lazy(() => import('../../features/coaching/messages/MessageCenter'));

/** The avatar's ring marks staff: red for administrators, orange for coaches. */
const ringColor = (userType: number) => (userType === UserType.admin ? 'red' : 'orange');

/** Red for administrators, orange for coaches (spec §6), in shades whose text passes 4.5:1 contrast. */
const badgeColors = (userType: number) =>
  userType === UserType.admin ? { color: 'red.9', c: 'white' } : { color: 'orange.7', c: 'black' };

/** The role of a staff member beside the title: the company's name, or the role. */
export function RoleBadge({ userType }: { userType: number }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    // On a phone the avatar's ring tells the role; the badge would squeeze the bar's controls.
    <Badge
      {...badgeColors(userType)}
      variant="filled"
      visibleFrom="sm"
      style={{ flexShrink: 0 }}
      data-testid="role-badge"
    >
      {session.user?.CompanyName ?? t(userType === UserType.admin ? 'roles.admin' : 'roles.coach')}
    </Badge>
  );
}

/** The signed-in user's end of the top bar: page editing for administrators, the xp total, the bell and the avatar. */
export default function UserControls({ userType }: { userType: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const editMode = useEditMode();
  const user = session.user;
  const photoId = user ? user.UserFileId : storage.get(storageKeys.avatar);
  return (
    <>
      {userType === UserType.admin && (
        // A native title rather than Mantine's Tooltip, whose positioning code would weigh on the top bar.
        <ActionIcon
          variant={editMode.editing ? 'filled' : 'subtle'}
          size="lg"
          onClick={editMode.toggle}
          aria-pressed={editMode.editing}
          aria-label={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}
          title={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}
          data-testid="page-edit-toggle"
        >
          {editMode.editing ? <IconPencilOff size={20} aria-hidden /> : <IconPencil size={20} aria-hidden />}
        </ActionIcon>
      )}
      {user && (
        <Badge
          variant="light"
          size="lg"
          style={{ flexShrink: 0 }}
          aria-label={`${t('xpLabel')}: ${user.TotalXp}`}
          data-testid="xp-total"
        >
          {t('xp', { count: user.TotalXp })}
        </Badge>
      )}
      {user && (
        // Its own chunk and its own Suspense: the rest of the bar does not wait for the messages' code and texts.
        <Suspense fallback={null}>
          <MessageCenter userId={user.Id} staff={isStaffUser(user)} />
        </Suspense>
      )}
      {/* The avatar opens the profile (spec §2); the burger opens the drawer. Before the user has loaded, the photo
          stored under `avatar` (spec §3) shows, so the bar does not change under the pointer. */}
      <UnstyledButton component={Link} to="/MyProfile" aria-label={t('menu.profile')} data-testid="avatar-link">
        <Avatar
          radius="xl"
          color="blue"
          // The profile photo, served to anyone who has its id; the initials until it loads or without one.
          src={photoId ? `/media/avatar/${photoId}` : null}
          alt=""
          style={
            userType > UserType.student
              ? { outline: `2px solid var(--mantine-color-${ringColor(userType)}-6)`, outlineOffset: 1 }
              : undefined
          }
        >
          {user ? `${user.FirstName[0] ?? ''}${user.LastName[0] ?? ''}` : null}
        </Avatar>
      </UnstyledButton>
    </>
  );
}
