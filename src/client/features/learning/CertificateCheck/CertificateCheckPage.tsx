import { Card, Container, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockX, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CertificateCheck } from '../../../../shared/contract/learning/certificates';
import { call } from '../../../app/api';
import { formatLongDate } from '../../../components/dates';
import { errorCode, errorText, isMissing } from '../../../components/errorText';
import { Loading } from '../../../components/LoadState';
import { NotFoundNotice, PageLoadError } from '../../../components/Notices';
import { ToneBadge } from '../../../components/tone';
import { learningKeys } from '../keys';

/**
 * /certificate/:code: the public page a certificate's paper points to. Anyone may open it; it confirms who earned
 * which course, from which school and when, and whether the certificate still holds, or says there is none.
 */
export default function CertificateCheckPage() {
  const { t } = useTranslation('learning');
  const code = useParams().code ?? '';
  const check = useQuery({
    queryKey: learningKeys.certificateCheck(code),
    queryFn: async () => (await call('certificates.php', 'verify_certificate', { Code: code })).data,
    retry: false,
  });

  return (
    <Container size="sm" py="xl">
      {isMissing(check.error) ? (
        <NotFoundNotice
          title={t('certificateCheck.notFound.title')}
          text={t('certificateCheck.notFound.text', { code })}
        />
      ) : check.isError ? (
        <PageLoadError title={t('certificateCheck.title')}>
          {/* Too many checks from one address: say to wait, rather than that the server failed. */}
          {errorCode(check.error) === 'TOO_MANY_REQUESTS' ? errorText(check.error) : undefined}
        </PageLoadError>
      ) : (
        <>
          <Title order={1}>{t('certificateCheck.title')}</Title>
          {check.isPending ? <Loading /> : <Confirmation certificate={check.data} />}
        </>
      )}
    </Container>
  );
}

function Confirmation({ certificate }: { certificate: CertificateCheck }) {
  const { t } = useTranslation('learning');
  const expired = certificate.Expired;
  const details: [label: string, value: string][] = [
    [t('certificateCheck.issuedBy'), certificate.IssuedBy],
    [t('certificateCheck.issued'), formatLongDate(certificate.IssuedAt)],
    certificate.ExpiresAt
      ? [
          t(expired ? 'certificateCheck.expiredOn' : 'certificateCheck.validUntil'),
          formatLongDate(certificate.ExpiresAt),
        ]
      : [t('certificateCheck.validUntil'), t('certificateCheck.noExpiry')],
    [t('certificateCheck.number'), certificate.Code],
  ];
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      mt="lg"
      component="article"
      aria-labelledby="certificate-learner"
      data-testid="certificate-check"
    >
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={64} radius="xl" variant="light" color={expired ? 'red' : 'teal'} aria-hidden>
          {expired ? <IconClockX size={38} /> : <IconRosetteDiscountCheck size={38} />}
        </ThemeIcon>
        <ToneBadge tone={expired ? 'red' : 'teal'} size="lg" data-testid="certificate-state">
          {expired ? t('certificateCheck.expired') : t('certificateCheck.valid')}
        </ToneBadge>
        <Text>{t('certificateCheck.genuine', { school: certificate.IssuedBy })}</Text>
        <Text size="sm" c="dimmed" mt="sm">
          {t('certificateCheck.awardedTo')}
        </Text>
        <Title order={2} id="certificate-learner" style={{ overflowWrap: 'anywhere' }}>
          {certificate.LearnerName}
        </Title>
        <Text size="sm" c="dimmed" mt="sm">
          {t('certificateCheck.course')}
        </Text>
        <Text size="xl" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {certificate.CourseName}
        </Text>
      </Stack>
      <Divider my="lg" />
      <Stack component="dl" gap="sm" m={0}>
        {details.map(([label, value]) => (
          <Group key={label} justify="space-between" align="baseline" gap="xs" wrap="wrap">
            <Text component="dt" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
