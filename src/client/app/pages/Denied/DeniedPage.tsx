import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconLock, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type CourseDenial, deniedCaseOf, deniedUserId } from '../../../../shared/domain/guards';
import { openSupport } from '../../../features/coaching/messages/dialogs';
import { safeTriedUrl } from '../../../features/identity/Auth/safeRedirect';
import { useSession } from '../../session';

const fromState = (state: unknown, field: 'reason' | 'triedUrl' | 'course'): string | undefined => {
  const value = (state as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : undefined;
};
const courseDenialOf = (value: string | undefined): CourseDenial | undefined =>
  value === 'noAccess' || value === 'notFound' ? value : undefined;

/**
 * /denied: what was refused and why, in the user's language, and the ways on that help her. The spec's reasons
 * (§8: "No token", "No access to this page", "Premission denied id:") are what the guards hand over; the page
 * keeps them in `data-reason` and explains them rather than showing them raw. A course the course page refused
 * says whether she may not open it or whether there is no such course.
 */
export default function DeniedPage() {
  const { t } = useTranslation('site');
  const location = useLocation();
  const session = useSession();
  const reason = fromState(location.state, 'reason');
  const denied = deniedCaseOf(reason, courseDenialOf(fromState(location.state, 'course')));
  const signedIn = session.token !== null;
  // Refused for want of a token: signing in leads on to the route that was refused (a path on this site only).
  const triedUrl = denied === 'noToken' ? safeTriedUrl(fromState(location.state, 'triedUrl') ?? null) : null;
  const signIn = triedUrl ? `/login?triedUrl=${encodeURIComponent(triedUrl)}` : '/login';
  const course = denied === 'courseNoAccess' || denied === 'courseNotFound';
  const userId = deniedUserId(reason);

  return (
    <Container size="sm" py="xl" data-testid="denied-page" data-case={denied} data-reason={reason}>
      <Title order={1}>{t(`denied.title.${denied}`)}</Title>
      <Alert
        color={denied === 'courseNotFound' ? 'blue' : 'red'}
        variant="light"
        mt="lg"
        icon={
          denied === 'courseNotFound' ? <IconMapQuestion size={20} aria-hidden /> : <IconLock size={20} aria-hidden />
        }
      >
        <Text data-testid="denied-text">
          {denied === 'permission' && userId !== null
            ? t('denied.explain.permissionOf', { id: userId })
            : t(`denied.explain.${denied}`)}
        </Text>
      </Alert>
      <Group mt="xl" gap="sm">
        {!signedIn && (
          <Button component={Link} to={signIn}>
            {t('denied.signIn')}
          </Button>
        )}
        {signedIn && course && (
          <Button component={Link} to="/MyCourses">
            {t('denied.myCourses')}
          </Button>
        )}
        {signedIn && denied === 'courseNoAccess' && (
          <Button variant="outline" onClick={openSupport} aria-haspopup="dialog">
            {t('denied.askForAccess')}
          </Button>
        )}
        <Button component={Link} to="/Home" variant={signedIn && !course ? 'filled' : 'outline'}>
          {t('denied.home')}
        </Button>
      </Group>
    </Container>
  );
}
