import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { VERIFICATION_VALID_HOURS } from '../../../../shared/domain/identity/accounts';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ErrorAlert } from '../../../components/LoadState';
import { AuthLayout } from './AuthLayout';
import { ResendVerification } from './ResendVerification';
import { useErrorText } from './useErrorText';

type Verification =
  | { state: 'checking' }
  | { state: 'verified'; already: boolean }
  | { state: 'failed'; error: unknown };

/** `/verify-email?code=…`: uses the mailed code once; without one, explains where the link is. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() || null;
  const verification = useVerification(code);
  const errorText = useErrorText();
  const session = useSession();

  if (!code) {
    return (
      <AuthLayout title={t('verify.title')}>
        <Stack gap="md">
          <Text>{t('verify.noCode', { hours: VERIFICATION_VALID_HOURS })}</Text>
          <Text size="sm">{t('verify.newLinkIntro')}</Text>
          <ResendVerification />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('verify.title')}>
      {verification.state === 'checking' && (
        <Center py="md">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text role="status">{t('verify.checking')}</Text>
          </Stack>
        </Center>
      )}
      {verification.state === 'verified' && (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {t(verification.already ? 'verify.alreadyVerified' : 'verify.success')}
          </Alert>
          {/* Signed in already (an address change opened in the same browser): on to the profile instead. */}
          {session.token ? (
            <Button component={Link} to="/MyProfile">
              {t('verify.toProfile')}
            </Button>
          ) : (
            <Button component={Link} to="/login">
              {t('signIn')}
            </Button>
          )}
        </Stack>
      )}
      {verification.state === 'failed' && (
        <Stack gap="md">
          <ErrorAlert title={t('verify.failedTitle')}>{errorText(verification.error)}</ErrorAlert>
          <Text size="sm">{t('verify.newLinkIntro')}</Text>
          <ResendVerification />
        </Stack>
      )}
    </AuthLayout>
  );
}

/** Calls `verify_email` once per code: the code is used up by the first call, so it is never repeated. */
function useVerification(code: string | null): Verification {
  const [verification, setVerification] = useState<Verification>({ state: 'checking' });
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!code || sentFor.current === code) return;
    sentFor.current = code;
    setVerification({ state: 'checking' });
    call('register.php', 'verify_email', { code })
      .then((answer) => setVerification({ state: 'verified', already: answer.already_verified }))
      .catch((error: unknown) => setVerification({ state: 'failed', error }));
  }, [code]);
  return verification;
}
