import { Alert, Anchor, Box, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type ClientErrorCode, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { errorCode } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { ContentArea, useSite } from '../../site';
import { AuthLayout } from './AuthLayout';
import { useEmailRule } from './emailRule';
import { PasswordField } from './PasswordField';
import { landingPath, signInTarget } from './safeRedirect';

// Needed only after a NOT_VERIFIED answer, so the first page most visitors load stays small.
const ResendVerification = lazy(() => import('./ResendVerification').then((m) => ({ default: m.ResendVerification })));

interface SignInFailure {
  code: ClientErrorCode;
  text: string;
  email: string;
}

/** `/` and `/login`: sign in, then on to `triedUrl` (a path on this site) or her landing page (spec §2). */
export default function LoginPage() {
  const location = useLocation();
  const { t } = useTranslation('signIn');
  const session = useSession();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('triedUrl'), landingPath(session.user));
  const signOut = useSignOutOnce();

  if (signOut.requested || signOut.pending) {
    return (
      <AuthLayout title={t('login.title')}>
        <Loading py="md" label={t('login.signingOut')} />
      </AuthLayout>
    );
  }
  if (session.token) {
    // Keyed by the visit, so coming back to / while the previous redirect is still loading redirects again.
    if (session.checked) return <Navigate key={location.key} to={target} replace />;
    // A stored token is being checked; if it is dead the session drops it and the form shows.
    return (
      <AuthLayout title={t('login.title')}>
        <Loading py="md" label={t('login.redirecting')} />
      </AuthLayout>
    );
  }
  return <SignInCard />;
}

/**
 * The sign-in page as visitors see it, its texts page texts that administrators edit in place (`login.intro` above
 * the form, `login.help` below it). `preview` (/login/edit) shows it to a signed-in administrator: the form is
 * there to see, but signs nobody in.
 */
export function SignInCard({ preview = false }: { preview?: boolean }) {
  const { t } = useTranslation('signIn');
  const session = useSession();
  const site = useSite();
  const emailRule = useEmailRule();
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  // Two fields need no form library: the sign-in page is the first most visitors load, and stays small.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [submitting, setSubmitting] = useState(false);

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: emailRule(email), password: password ? null : t('validation.passwordRequired') };
    setErrors(found);
    if (found.email || found.password || submitting || preview) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await call('login.php', 'sign_in', { email: email.trim(), password });
      // With the token stored, the render below sends the user on to the target.
      session.signIn(answer.token, answer.data);
    } catch (error) {
      // The failure's texts load only now: most visitors who open this page never need them.
      const { signInFailureText } = await import('./useErrorText');
      setFailure({ code: errorCode(error), text: await signInFailureText(error), email: email.trim() });
      setPassword('');
    } finally {
      setSubmitting(false);
    }
  };

  const registrationEnabled = site.data?.data.RegistrationEnabled === true;

  return (
    <AuthLayout
      title={t('login.title')}
      intro={<ContentArea contentKey="login.intro" defaultContent={t('login.intro')} />}
      footer={
        <>
          <Anchor component={Link} to="/password-recovery">
            {t('login.forgotPassword')}
          </Anchor>
          {registrationEnabled && (
            <Text size="sm">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to="/register" underline="always">
                {t('login.register')}
              </Anchor>
            </Text>
          )}
          <Box w="100%" ta="center" fz="sm">
            <ContentArea contentKey="login.help" defaultContent="" />
          </Box>
        </>
      }
    >
      <Stack gap="md">
        {preview && (
          <Alert variant="light" role="note" data-testid="login-preview">
            {t('login.preview')}
          </Alert>
        )}
        {failure && <SignInFailureAlert failure={failure} />}
        <form onSubmit={signIn} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              error={errors.email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setErrors((shown) => ({ ...shown, email: null }));
              }}
            />
            <PasswordField
              label={t('fields.password')}
              value={password}
              error={errors.password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setErrors((shown) => ({ ...shown, password: null }));
              }}
            />
            <Button type="submit" fullWidth loading={submitting} disabled={preview}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}

/** Signs out once when the page is opened with `?logout`, then drops the parameter from the address. */
function useSignOutOnce(): { requested: boolean; pending: boolean } {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.has('logout');
  const started = useRef(false);
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when `?logout` appears, with the session of that moment
  useEffect(() => {
    if (!requested || started.current) return;
    started.current = true;
    const dropParameter = () => {
      const next = new URLSearchParams(params);
      next.delete('logout');
      const search = next.toString();
      navigate({ search: search ? `?${search}` : '' }, { replace: true });
      // A later `?logout` on the same mounted page (the shell's sign-out link) signs out again.
      started.current = false;
    };
    if (!session.token) {
      dropParameter();
      return;
    }
    setPending(true);
    session
      .signOut()
      .catch((error: unknown) => console.warn('sign out failed', error))
      .finally(() => {
        dropParameter();
        setPending(false);
      });
  }, [requested]);
  return { requested, pending };
}

function SignInFailureAlert({ failure }: { failure: SignInFailure }) {
  const { t } = useTranslation(['signIn', 'shell']);
  return (
    <ErrorAlert>
      <Stack gap="xs">
        <Text size="sm">{failure.text}</Text>
        {failure.code === 'ACCOUNT_LOCKED' && (
          <Anchor component={Link} to="/password-recovery" size="sm">
            {t('login.resetPassword')}
          </Anchor>
        )}
        {failure.code === 'NOT_VERIFIED' && (
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t('shell:loading')} />}>
            <ResendVerification key={failure.email} email={failure.email} />
          </Suspense>
        )}
      </Stack>
    </ErrorAlert>
  );
}
