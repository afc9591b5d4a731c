import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CertificateInfo } from '../../../../shared/contract/learning/courseShapes';
import { certificatePagePath } from '../../../../shared/domain/learning/certificates';
import { call } from '../../../app/api';
import { formatDate } from '../../../components/dates';
import { Loading, QueryState } from '../../../components/LoadState';
import { saveFile } from '../../../components/saveFile';
import { ToneBadge } from '../../../components/tone';
import { useCertificates } from './queries';

/** Saves a base64-encoded PDF under its file name, as a download from the page. */
function savePdf(pdfBase64: string, fileName: string) {
  const binary = atob(pdfBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveFile(new Blob([bytes], { type: 'application/pdf' }), fileName);
}

/** The user's certificates: course, dates, whether it has expired, and a download of the PDF. */
export function Certificates({ userId }: { userId: number }) {
  const { t } = useTranslation('learning');
  return (
    <QueryState query={useCertificates(userId)} loading={<Loading section />}>
      {(certificates) =>
        certificates.length === 0 ? (
          <Text c="dimmed">{t('profile.certificates.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="certificates">
            {certificates.map((certificate) => (
              <CertificateItem key={certificate.Id} certificate={certificate} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

function CertificateItem({ certificate }: { certificate: CertificateInfo }) {
  const { t } = useTranslation('learning');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const answer = await call('certificates.php', 'download_certificate', { Id: certificate.Id });
      savePdf(answer.data.pdfBase64, answer.data.fileName);
    } catch (error) {
      console.warn('download_certificate failed', error);
      notifications.show({ color: 'red', message: t('profile.certificates.downloadFailed') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="certificate">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h5">
              {certificate.CourseName}
            </Title>
            <ToneBadge tone={certificate.Expired ? 'red' : 'teal'} data-testid="certificate-state">
              {certificate.Expired ? t('profile.certificates.expired') : t('profile.certificates.valid')}
            </ToneBadge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('profile.certificates.issued', { date: formatDate(certificate.IssuedAt) })}
            {certificate.ExpiresAt &&
              ` · ${t(certificate.Expired ? 'profile.certificates.expiredOn' : 'profile.certificates.expires', { date: formatDate(certificate.ExpiresAt) })}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t('profile.certificates.code', { code: certificate.Code })}
          </Text>
          <Anchor
            component={Link}
            to={certificatePagePath(certificate.Code)}
            size="xs"
            w="fit-content"
            aria-label={t('certificateCheck.linkLabel', { course: certificate.CourseName })}
          >
            {t('certificateCheck.link')}
          </Anchor>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={download}
          aria-label={t('profile.certificates.downloadLabel', { course: certificate.CourseName })}
        >
          {t('profile.certificates.download')}
        </Button>
      </Group>
    </Card>
  );
}
