import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Language, supportedLanguages } from '../../../../../shared/domain/language';
import { setLanguage } from '../../../../app/i18n';
import { currentLanguage } from '../../../../components/language';

/** Her language: the page switches at once, and the session stores it on the account (mails, messages). */
export function LanguageChoice() {
  const { t } = useTranslation(['identity', 'shell']);
  return (
    <Stack gap="xs">
      <Text id="language-choice-label" fw={500}>
        {t('account.language.title')}
      </Text>
      <Text size="sm">{t('account.language.hint')}</Text>
      <SegmentedControl
        aria-labelledby="language-choice-label"
        value={currentLanguage()}
        onChange={(value) => setLanguage(value as Language)}
        data={supportedLanguages.map((language) => ({ value: language, label: t(`shell:language.${language}`) }))}
      />
    </Stack>
  );
}
