import { Alert, Anchor, Button, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { codes } from '../../../../shared/contract/codes/codes';
import type { CallAnswer } from '../../../../shared/contract/define';
import { cooldownParts, MAX_CODE_INPUT, normalizeCode } from '../../../../shared/domain/codes/codes';
import { ApiError, call } from '../../../app/api';
import { formatDate } from '../../../components/dates';
import { ErrorAlert } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { alertTone } from '../../../components/tone';
import { learningKeys } from '../../learning';
import { codeRefusalKey } from '../refusals';
import { useCountdown } from './cooldown';

type Redeemed = CallAnswer<typeof codes.calls.redeem_code>['Courses'];

/** `/redeem-code`: a signed-in user redeems a registration code (spec §2, §5, §8); `?code=` fills it in. */
export default function RedeemCodePage() {
  const { t } = useTranslation('codes');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  const [waitLeft, startWait] = useCountdown();

  const form = useForm({
    initialValues: { code: params.get('code')?.slice(0, MAX_CODE_INPUT) ?? '' },
    validate: { code: (value) => (normalizeCode(value) === '' ? t('redeem.required') : null) },
  });

  const redeem = form.onSubmit(async ({ code }) => {
    setError(null);
    try {
      const answer = await call('codes.php', 'redeem_code', { Code: code });
      setRedeemed(answer.Courses);
      form.reset();
      form.setFieldValue('code', '');
      await queryClient.invalidateQueries({ queryKey: learningKeys.allMyCourses });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'TOO_MANY_REQUESTS') {
        startWait(Number(caught.body.retry_after) || 1);
        setError(t('redeem.tooManyAttempts'));
        return;
      }
      const code = caught instanceof ApiError ? caught.code : 'SERVER_ERROR';
      setError(t(codeRefusalKey(code) ?? 'redeem.unknownError'));
    }
  });

  const cooling = waitLeft > 0;
  const { minutes, seconds } = cooldownParts(waitLeft);
  const waitText =
    minutes === 0
      ? t('redeem.tryInSeconds', { count: seconds })
      : t('redeem.tryInMinutes', {
          minutes: t('redeem.minutes', { count: minutes }),
          seconds: t('redeem.seconds', { count: seconds }),
        });

  return (
    <Container size="sm" py="xl">
      <PageHeading title={t('redeem.title')} intro={t('redeem.intro')} />
      {redeemed ? (
        <Stack gap="md">
          <Alert
            variant="light"
            {...alertTone('teal')}
            title={t('redeem.successTitle')}
            role="status"
            data-testid="redeem-success"
          >
            {t('redeem.success', {
              count: redeemed.length,
              courses: redeemed
                .map((course) =>
                  course.AccessEndsAt
                    ? t('redeem.until', { name: course.Name, date: formatDate(course.AccessEndsAt) })
                    : course.Name,
                )
                .join(', '),
            })}
          </Alert>
          <Group>
            <Button component={Link} to="/MyCourses">
              {t('redeem.toMyCourses')}
            </Button>
            <Anchor component="button" type="button" onClick={() => setRedeemed(null)}>
              {t('redeem.another')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={redeem} noValidate>
          <Stack gap="md">
            {error && (
              <ErrorAlert>
                <span data-testid="redeem-error">{error}</span>
                {cooling && (
                  <Text size="sm" mt={4} data-testid="redeem-wait">
                    {waitText}
                  </Text>
                )}
              </ErrorAlert>
            )}
            <TextInput
              label={t('redeem.code')}
              placeholder={t('redeem.placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={MAX_CODE_INPUT}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
              data-testid="redeem-code-input"
              {...form.getInputProps('code')}
            />
            <Group>
              <Button type="submit" loading={form.submitting} disabled={cooling} data-testid="redeem-submit">
                {t('redeem.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Container>
  );
}
