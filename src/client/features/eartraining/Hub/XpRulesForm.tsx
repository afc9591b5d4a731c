import { Button, Card, Group, NumberInput, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XP_RULE_LIMITS, type XpRules } from '../../../../shared/domain/eartraining/rounds';
import { call } from '../../../app/api';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { eartrainingKeys } from '../keys';
import { useXpRules } from '../progress';

const fields = ['PerRightAnswer', 'RoundMax', 'DailyMax'] as const;

/** The site's xp rules of ear training, for its administrators (type 2): what a round earns from now on. */
export function XpRulesForm() {
  const rules = useXpRules();
  if (!rules.data) return <Loading section />;
  return <RulesForm rules={rules.data} />;
}

function RulesForm({ rules }: { rules: XpRules }) {
  const { t } = useTranslation('eartraining');
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const form = useForm<XpRules>({ initialValues: rules });

  const save = form.onSubmit(async (values) => {
    setFailed(false);
    try {
      const saved = await call('eartraining.php', 'save_xp_rules', { Rules: values });
      queryClient.setQueryData(eartrainingKeys.xpRules, saved.Rules);
      form.resetDirty(saved.Rules);
      showToast(t('xpRules.saved'), 'green');
    } catch (error) {
      console.warn('xp rules not saved', error);
      setFailed(true);
    }
  });

  return (
    <Card withBorder padding="lg" mt="xl" component="section" aria-labelledby="xp-rules" data-testid="xp-rules">
      <form onSubmit={save} noValidate>
        <Title order={2} size="h3" id="xp-rules">
          {t('xpRules.title')}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          {t('xpRules.intro')}
        </Text>
        {failed && <ErrorAlert mt={0}>{t('xpRules.saveFailed')}</ErrorAlert>}
        <Group grow align="flex-start">
          {fields.map((field) => (
            <NumberInput
              key={field}
              label={t(`xpRules.${field}`)}
              min={XP_RULE_LIMITS[field].min}
              max={XP_RULE_LIMITS[field].max}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps(field)}
            />
          ))}
        </Group>
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!form.isDirty()} data-testid="xp-rules-save">
            {t('xpRules.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
