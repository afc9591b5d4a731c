import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { saveFile } from '../../../components/saveFile';
import { showToast } from '../../../components/toast';
import { formatDay } from '../period';
import { useBooks } from '../queries';

/** The "Export" tab: each fiscal year as an SIE 4 file for the accountant's program, and the main book. */
export function ExportBooks() {
  const { t } = useTranslation('accounting');
  const books = useBooks();
  const [busy, setBusy] = useState<number | null>(null);
  const exportYear = async (yearId: number) => {
    setBusy(yearId);
    try {
      const { blob, name } = await download('accounting.php', 'export_sie', { YearId: yearId });
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm" component="section" aria-labelledby="export-heading">
        <Title order={2} size="h3" id="export-heading">
          {t('export.heading')}
        </Title>
        <Text size="sm">{t('export.intro')}</Text>
        {books.isError ? (
          <LoadError>{t('books.loadFailed')}</LoadError>
        ) : !books.data ? (
          <Loading section />
        ) : books.data.Years.length === 0 ? (
          <Text c="dimmed">{t('years.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {[...books.data.Years].reverse().map((year) => {
              const span = `${formatDay(year.Start)} – ${formatDay(year.End)}`;
              return (
                <Group key={year.Id} component="li" gap="sm" justify="space-between" data-testid="export-year">
                  <Text fw={500}>{span}</Text>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={busy === year.Id}
                    aria-label={t('export.downloadLabel', { year: span })}
                    onClick={() => void exportYear(year.Id)}
                    data-testid="export-sie"
                  >
                    {t('export.download')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="mainbook-heading">
        <Title order={2} size="h3" id="mainbook-heading">
          {t('export.mainbookHeading')}
        </Title>
        <Text size="sm">
          {t('export.mainbookIntro')}{' '}
          <Anchor component={Link} to="/accounting/mainbook" underline="always" data-testid="mainbook-link">
            {t('export.mainbookLink')}
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
