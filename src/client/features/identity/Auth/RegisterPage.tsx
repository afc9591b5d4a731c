import { Alert, Anchor, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MAX_CODE_INPUT } from '../../../../shared/domain/codes/codes';
import { VERIFICATION_VALID_HOURS } from '../../../../shared/domain/identity/accounts';
import { ApiError, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { codeRefusalKey } from '../../codes';
import { useSite } from '../../site';
import { AuthLayout } from './AuthLayout';
import { FocusOnMount } from './FocusOnMount';
import { EmailField, NameFields } from './fields';
import { PasswordField } from './PasswordField';
import { ResendVerification } from './ResendVerification';
import { landingPath } from './safeRedirect';
import { useErrorText, weakPasswordReason } from './useErrorText';
import { useAuthRules } from './validation';

type AccountType = 'private' | 'company';

/** The refusals that are the code's own: shown at the code, the rest above the form. */
const codeErrors = new Set(['INVALID_CODE', 'CODE_EXPIRED', 'CODE_ALREADY_REDEEMED']);

interface RegistrationValues {
  account_type: AccountType;
  FirstName: string;
  LastName: string;
  CompanyName: string;
  email: string;
  password: string;
  agree_terms: boolean;
  /** The registration code of `?code=`, redeemed with the registration. */
  Code: string;
}

/** `/register`: sign up when the site has registration open (spec §2, §5). */
export default function RegisterPage() {
  const { t } = useTranslation(['identity', 'signIn']);
  const session = useSession();
  const [params] = useSearchParams();
  const site = useSite();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const code = params.get('code')?.trim() || null;
  // A registration code is redeemed after signing in, so the sign-in links carry it along.
  const signInPath = code
    ? `/login?triedUrl=${encodeURIComponent(`/redeem-code?code=${encodeURIComponent(code)}`)}`
    : '/login';

  if (session.token) {
    return <Navigate to={code ? `/redeem-code?code=${encodeURIComponent(code)}` : landingPath(session.user)} replace />;
  }

  if (site.isPending) {
    return (
      <AuthLayout title={t('register.title')}>
        <Loading py="md" />
      </AuthLayout>
    );
  }

  if (site.isError) {
    return (
      <AuthLayout title={t('register.title')}>
        <LoadError />
      </AuthLayout>
    );
  }

  if (!site.data.data.RegistrationEnabled) {
    return (
      <AuthLayout title={t('register.closedTitle')}>
        <Stack gap="md">
          <Text>{t('register.closedText')}</Text>
          <Button component={Link} to={signInPath}>
            {t('signIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (registeredEmail) {
    return (
      <AuthLayout title={t('register.doneTitle')}>
        <Stack gap="md">
          <FocusOnMount>
            <Text>{t('register.doneText', { email: registeredEmail, hours: VERIFICATION_VALID_HOURS })}</Text>
          </FocusOnMount>
          <Text size="sm">{t('register.doneHint')}</Text>
          <ResendVerification email={registeredEmail} />
          <Anchor component={Link} to={signInPath} ta="center">
            {t('signIn')}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <Text size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={signInPath} underline="always">
            {t('signIn')}
          </Anchor>
        </Text>
      }
    >
      {code && (
        <Alert color="blue" variant="light" role="note" mb="md">
          {t('register.codeNote')}
        </Alert>
      )}
      <RegistrationForm code={code} onRegistered={setRegisteredEmail} />
    </AuthLayout>
  );
}

function RegistrationForm({ code, onRegistered }: { code: string | null; onRegistered: (email: string) => void }) {
  const { t } = useTranslation(['identity', 'signIn', 'codes']);
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);

  const form = useForm<RegistrationValues>({
    initialValues: {
      account_type: 'private',
      FirstName: '',
      LastName: '',
      CompanyName: '',
      email: '',
      password: '',
      agree_terms: false,
      Code: code?.slice(0, MAX_CODE_INPUT) ?? '',
    },
    validate: {
      FirstName: rules.name(t('validation.firstNameRequired')),
      LastName: rules.name(t('validation.lastNameRequired')),
      CompanyName: (value, values) =>
        values.account_type === 'company' && !value.trim() ? t('validation.companyNameRequired') : null,
      email: rules.email,
      password: (value, values) => rules.newPassword(value, values.email),
      agree_terms: (value) => (value ? null : t('register.termsRequired')),
    },
  });

  const register = form.onSubmit(async (values) => {
    setError(null);
    const email = values.email.trim();
    try {
      await call('register.php', 'register', {
        account_type: values.account_type,
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        email,
        password: values.password,
        agree_terms: values.agree_terms,
        ...(values.account_type === 'company' ? { CompanyName: values.CompanyName.trim() } : {}),
        ...(values.Code.trim() ? { Code: values.Code.trim() } : {}),
      });
      onRegistered(email);
    } catch (caught) {
      // A refusal of the code says what was wrong with it, at the code, in the spec's words (§8).
      const refusal = caught instanceof ApiError && codeErrors.has(caught.code) ? codeRefusalKey(caught.code) : null;
      if (refusal) {
        form.setFieldError('Code', t(`codes:${refusal}` as const));
        return;
      }
      const reason = weakPasswordReason(caught);
      if (reason) form.setFieldError('password', rules.passwordProblem(reason.problem, reason.hint));
      setError(
        errorText(caught, {
          FirstName: t('fields.firstName'),
          LastName: t('fields.lastName'),
          CompanyName: t('fields.companyName'),
          email: t('signIn:fields.email'),
          Code: t('register.code'),
        }),
      );
    }
  });

  const isCompany = form.values.account_type === 'company';

  return (
    <form onSubmit={register} noValidate>
      <Stack gap="md">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Radio.Group label={t('fields.accountType')} required {...form.getInputProps('account_type')}>
          <Group gap="lg" mt="xs">
            <Radio value="private" label={t('fields.private')} />
            <Radio value="company" label={t('fields.company')} />
          </Group>
        </Radio.Group>
        {isCompany && (
          <TextInput
            label={t('fields.companyName')}
            autoComplete="organization"
            required
            {...form.getInputProps('CompanyName')}
          />
        )}
        <NameFields
          first={{ label: t('fields.firstName'), ...form.getInputProps('FirstName') }}
          last={{ label: t('fields.lastName'), ...form.getInputProps('LastName') }}
        />
        <EmailField {...form.getInputProps('email')} />
        {code !== null && (
          <TextInput
            label={t('register.code')}
            description={t('register.codeHint')}
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_CODE_INPUT}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
            data-testid="register-code"
            {...form.getInputProps('Code')}
          />
        )}
        <PasswordField isNew label={t('signIn:fields.password')} {...form.getInputProps('password')} />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="register.agreeTerms"
              components={{
                terms: (
                  <Anchor
                    component={Link}
                    to="/terms-of-service"
                    target="_blank"
                    rel="noopener"
                    inherit
                    underline="always"
                  />
                ),
              }}
            />
          }
          {...form.getInputProps('agree_terms', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
