import { Button, Fieldset, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPeriod, type Period, periodPresets, presetPeriod } from '../period';

/** From and to days, with the usual periods a click away; says so when the days do not make a period. */
export function PeriodPicker({ period, onChange }: { period: Period; onChange(period: Period): void }) {
  const { t } = useTranslation('accounting');
  const valid = isPeriod(period);
  return (
    <Fieldset legend={t('period.legend')} variant="unstyled" data-testid="period-picker">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('period.from')}
          value={period.from}
          onChange={(event) => onChange({ ...period, from: event.currentTarget.value })}
          error={!valid}
          data-testid="period-from"
        />
        <TextInput
          type="date"
          label={t('period.to')}
          value={period.to}
          onChange={(event) => onChange({ ...period, to: event.currentTarget.value })}
          error={!valid}
          data-testid="period-to"
        />
        <Group gap="xs" role="group" aria-label={t('period.presets')}>
          {periodPresets.map((preset) => {
            const days = presetPeriod(preset);
            const chosen = days.from === period.from && days.to === period.to;
            return (
              <Button
                key={preset}
                variant={chosen ? 'light' : 'default'}
                aria-pressed={chosen}
                onClick={() => onChange(days)}
              >
                {t(`period.${preset}`)}
              </Button>
            );
          })}
        </Group>
      </Group>
      {!valid && (
        <Text size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
          {t('period.invalid')}
        </Text>
      )}
    </Fieldset>
  );
}
