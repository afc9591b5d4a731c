import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TRIAL_DAYS } from '../../../../shared/domain/site/plans';
import { siteNameProblem, suggestSiteName, TRIAL_LINK_VALID_HOURS } from '../../../../shared/domain/site/sites';
import { ApiError, call } from '../../../app/api';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import {
  AuthLayout,
  EmailField,
  FocusOnMount,
  NameFields,
  PasswordField,
  useAuthRules,
  useErrorText,
  weakPasswordReason,
} from '../../identity';
import { siteKeys } from '../keys';

/** `/start-trial`: the home page's "Start your free trial" (spec §1), by the operator's choice of self-service. */
export default function StartTrialPage() {
  const { t } = useTranslation('site');
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() || null;
  const options = useQuery({
    queryKey: siteKeys.trialOptions,
    queryFn: () => call('trial.php', 'get_trial_options', {}),
    staleTime: 5 * 60_000,
  });

  if (options.isPending || options.isError) {
    return <AuthLayout title={t('trial.title')}>{options.isPending ? <Loading py="md" /> : <LoadError />}</AuthLayout>;
  }
  const { SelfService, ContactEmail } = options.data.data;
  if (!SelfService) return <TrialClosed contactEmail={ContactEmail} />;
  if (code) return <SchoolForm code={code} onNewLink={() => setParams({}, { replace: true })} />;
  return <AskForLink />;
}

/** Without self-service: how to reach the school's operator. */
function TrialClosed({ contactEmail }: { contactEmail: string | null }) {
  const { t } = useTranslation('site');
  return (
    <AuthLayout title={t('trial.closedTitle')}>
      <Stack gap="md">
        <Text>{t('trial.closedText', { days: TRIAL_DAYS })}</Text>
        {contactEmail ? (
          <Text>
            {t('trial.closedWriteTo')}{' '}
            <Anchor href={`mailto:${contactEmail}`} underline="always" data-testid="trial-contact-email">
              {contactEmail}
            </Anchor>
          </Text>
        ) : (
          <Button component={Link} to="/Home#contact-us">
            {t('trial.contactUs')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}

/** Her address, for the link that proves it is hers. */
function AskForLink() {
  const { t } = useTranslation('site');
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: rules.email } });

  const send = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await call('trial.php', 'request_trial', { email: email.trim() });
      setSentTo(email.trim());
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title={t('trial.sentTitle')}>
        <Stack gap="md">
          <FocusOnMount>
            <Text>{t('trial.sentText', { email: sentTo, hours: TRIAL_LINK_VALID_HOURS })}</Text>
          </FocusOnMount>
          <Text size="sm">{t('trial.sentHint')}</Text>
          <Button variant="light" onClick={() => setSentTo(null)}>
            {t('trial.sendAgain')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('trial.title')} intro={t('trial.intro', { days: TRIAL_DAYS })}>
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <EmailField description={t('trial.emailDescription')} {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('trial.send')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

interface SchoolValues {
  SchoolName: string;
  SiteName: string;
  FirstName: string;
  LastName: string;
  password: string;
}

/** The link's form: the school, its address, her name and password; then off to the new school. */
function SchoolForm({ code, onNewLink }: { code: string; onNewLink: () => void }) {
  const { t } = useTranslation(['site', 'identity', 'signIn']);
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [siteNameEdited, setSiteNameEdited] = useState(false);
  const [done, setDone] = useState<{ url: string; email: string } | null>(null);
  const link = useQuery({
    queryKey: siteKeys.trialLink(code),
    queryFn: () => call('trial.php', 'check_trial', { code }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const siteNameRule = (value: string) => {
    if (!value.trim()) return t('trial.siteNameRequired');
    const problem = siteNameProblem(value.trim().toLowerCase());
    return problem ? t(`trial.siteNameProblems.${problem}`) : null;
  };
  const form = useForm<SchoolValues>({
    initialValues: { SchoolName: '', SiteName: '', FirstName: '', LastName: '', password: '' },
    validate: {
      SchoolName: rules.required(t('trial.schoolNameRequired')),
      SiteName: siteNameRule,
      FirstName: rules.name(t('identity:validation.firstNameRequired')),
      LastName: rules.name(t('identity:validation.lastNameRequired')),
      password: (value) => rules.newPassword(value, link.data?.data.Email ?? ''),
    },
  });

  if (link.isPending) {
    return (
      <AuthLayout title={t('trial.formTitle')}>
        <Loading py="md" />
      </AuthLayout>
    );
  }
  const linkFailed =
    link.error instanceof ApiError && ['CODE_NOT_FOUND', 'CODE_EXPIRED', 'INVALID_CODE'].includes(link.error.code);
  if (link.isError && !linkFailed) {
    return (
      <AuthLayout title={t('trial.formTitle')}>
        <LoadError />
      </AuthLayout>
    );
  }
  if (link.isError) {
    return (
      <AuthLayout title={t('trial.badLinkTitle')}>
        <Stack gap="md">
          <Text>{t('trial.badLinkText')}</Text>
          <Button onClick={onNewLink}>{t('trial.newLink')}</Button>
        </Stack>
      </AuthLayout>
    );
  }
  const { Email, Domain } = link.data.data;

  if (done) {
    return (
      <AuthLayout title={t('trial.doneTitle')}>
        <Stack gap="md">
          <FocusOnMount>
            <Text>{t('trial.doneText', { email: done.email })}</Text>
          </FocusOnMount>
          <Button component="a" href={done.url}>
            {t('trial.goToSchool')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const start = form.onSubmit(async (values) => {
    setError(null);
    try {
      const answer = await call('trial.php', 'start_trial', {
        code,
        SchoolName: values.SchoolName.trim(),
        SiteName: values.SiteName.trim().toLowerCase(),
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        password: values.password,
      });
      setDone({ url: answer.data.SignInUrl, email: answer.data.Email });
      // Her school is at its own address: she signs in there.
      window.location.assign(answer.data.SignInUrl);
    } catch (caught) {
      const reason = weakPasswordReason(caught);
      if (reason) form.setFieldError('password', rules.passwordProblem(reason.problem, reason.hint));
      if (caught instanceof ApiError && caught.code === 'NAME_TAKEN') {
        form.setFieldError('SiteName', t('trial.siteNameProblems.taken'));
      }
      setError(
        errorText(caught, {
          SchoolName: t('trial.schoolName'),
          SiteName: t('trial.siteName'),
          FirstName: t('identity:fields.firstName'),
          LastName: t('identity:fields.lastName'),
        }),
      );
    }
  });

  const siteName = form.values.SiteName.trim().toLowerCase() || suggestSiteName(t('trial.schoolName'));
  const schoolNameProps = form.getInputProps('SchoolName');
  const siteNameProps = form.getInputProps('SiteName');

  return (
    <AuthLayout title={t('trial.formTitle')} intro={t('trial.formIntro', { email: Email })}>
      <form onSubmit={start} noValidate>
        <Stack gap="md">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <TextInput
            label={t('trial.schoolName')}
            autoComplete="organization"
            required
            {...schoolNameProps}
            onChange={(event) => {
              schoolNameProps.onChange(event);
              if (!siteNameEdited) form.setFieldValue('SiteName', suggestSiteName(event.currentTarget.value));
            }}
          />
          <TextInput
            label={t('trial.siteName')}
            description={t('trial.siteNameDescription', { address: `${siteName}.${Domain}` })}
            styles={{ description: { color: 'var(--mantine-color-text)', overflowWrap: 'anywhere' } }}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...siteNameProps}
            onChange={(event) => {
              siteNameProps.onChange(event);
              setSiteNameEdited(true);
            }}
          />
          <NameFields
            first={{ label: t('identity:fields.firstName'), ...form.getInputProps('FirstName') }}
            last={{ label: t('identity:fields.lastName'), ...form.getInputProps('LastName') }}
          />
          <PasswordField isNew label={t('signIn:fields.password')} {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('trial.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
