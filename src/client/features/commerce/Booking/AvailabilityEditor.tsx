import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Availability } from '../../../../shared/contract/commerce/bookings';
import {
  BOOKING_LIMITS,
  type Schedule,
  type ScheduleProblem,
  scheduleProblems,
  weekdays,
} from '../../../../shared/domain/commerce/booking/rules';
import { timeZoneChoices } from '../../../../shared/domain/commerce/booking/viewer';
import { ApiError, call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { alertTone } from '../../../components/tone';
import { commerceKeys } from '../keys';

type Weekly = Availability['Weekly'][number];
type Exception = Availability['Exceptions'][number];

/** Times of day in quarter hours, and the end of the day: what a window starts and ends at. */
const QUARTERS = Array.from({ length: 97 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const timesWith = (value: string) => (QUARTERS.includes(value) ? QUARTERS : [value, ...QUARTERS].sort());

const today = () => new Date().toISOString().slice(0, 10);

const asSchedule = (a: Availability): Schedule => ({
  timeZone: a.TimeZone,
  sessionMinutes: a.SessionMinutes,
  bufferMinutes: a.BufferMinutes,
  weekly: a.Weekly.map((w) => ({ day: w.Day as Schedule['weekly'][number]['day'], start: w.Start, end: w.End })),
  exceptions: a.Exceptions.map((e) =>
    e.Kind === 'off'
      ? { kind: 'off' as const, from: e.From, to: e.To }
      : { kind: 'extra' as const, date: e.Date, start: e.Start, end: e.End },
  ),
});

/**
 * A coach's hours as he (or an administrator) edits them: his time zone, a session's length and the pause after it,
 * whether he takes bookings, his weekly hours and his days off and extra hours. Checked here by the server's own rules
 * before it is sent; the server checks again.
 */
export function AvailabilityEditor({ coachId, title }: { coachId: number; title: string }) {
  const { t } = useTranslation('commerce');
  const loaded = useQuery({
    queryKey: commerceKeys.availability(coachId),
    queryFn: () => call('bookings.php', 'get_availability', { CoachId: coachId }),
  });
  if (loaded.isError) return <LoadError>{t('availability.loadError')}</LoadError>;
  if (!loaded.data) return <Loading section />;
  return (
    <AvailabilityForm
      key={loaded.dataUpdatedAt}
      coachId={loaded.data.CoachId}
      initial={loaded.data.Availability}
      title={title}
    />
  );
}

function AvailabilityForm({ coachId, initial, title }: { coachId: number; initial: Availability; title: string }) {
  const { t } = useTranslation('commerce');
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Availability>(initial);
  const [problems, setProblems] = useState<ScheduleProblem[]>([]);
  const zones = useMemo(() => timeZoneChoices(initial.TimeZone), [initial.TimeZone]);
  const change = (patch: Partial<Availability>) => setValue((v) => ({ ...v, ...patch }));
  const problemAt = (field: string) => {
    const found = problems.find((p) => p.field === field);
    return found ? t(`availability.problems.${found.code}`) : undefined;
  };
  const setWindow = (index: number, patch: Partial<Weekly>) =>
    change({ Weekly: value.Weekly.map((w, i) => (i === index ? { ...w, ...patch } : w)) });
  const setException = (index: number, patch: Partial<Exception>) =>
    change({
      Exceptions: value.Exceptions.map((e, i) => (i === index ? ({ ...e, ...patch } as Exception) : e)),
    });

  const save = useMutation({
    mutationFn: () => call('bookings.php', 'save_availability', { CoachId: coachId, Availability: value }),
    onSuccess: async () => {
      showToast(t('availability.saved'), 'green');
      await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    },
    onError: (error) => {
      // The server's own refusal names the fields, as the check here does.
      if (error instanceof ApiError && Array.isArray(error.body.fields)) {
        const found = scheduleProblems(asSchedule(value));
        if (found.length > 0) setProblems(found);
      }
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = scheduleProblems(asSchedule(value));
    setProblems(found);
    if (found.length === 0) save.mutate();
  };

  const dayOptions = weekdays.map((day) => ({ value: String(day), label: t(`availability.days.day${day}`) }));
  return (
    <Stack component="form" onSubmit={submit} gap="md" data-testid="availability-editor">
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('availability.intro')}
        </Text>
      </div>
      <Switch
        label={t('availability.active')}
        checked={value.Active}
        onChange={(event) => change({ Active: event.currentTarget.checked })}
        data-testid="availability-active"
      />
      <Group grow align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('availability.timeZone')}
          data={zones}
          value={value.TimeZone}
          onChange={(event) => change({ TimeZone: event.currentTarget.value })}
          error={problemAt('TimeZone')}
          miw={200}
        />
        <NumberInput
          label={t('availability.sessionMinutes')}
          min={BOOKING_LIMITS.sessionMinutes.min}
          max={BOOKING_LIMITS.sessionMinutes.max}
          step={5}
          value={value.SessionMinutes}
          onChange={(v) => change({ SessionMinutes: Number(v) || BOOKING_LIMITS.sessionMinutes.min })}
          miw={140}
        />
        <NumberInput
          label={t('availability.bufferMinutes')}
          min={BOOKING_LIMITS.bufferMinutes.min}
          max={BOOKING_LIMITS.bufferMinutes.max}
          step={5}
          value={value.BufferMinutes}
          onChange={(v) => change({ BufferMinutes: Number(v) || 0 })}
          miw={140}
        />
      </Group>

      <Title order={3} size="h4">
        {t('availability.weekly')}
      </Title>
      {value.Weekly.length === 0 && <Text size="sm">{t('availability.noWeekly')}</Text>}
      {value.Weekly.map((window, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
        <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="weekly-window">
          <NativeSelect
            label={t('availability.day')}
            data={dayOptions}
            value={String(window.Day)}
            onChange={(event) => setWindow(index, { Day: Number(event.currentTarget.value) })}
            w={150}
          />
          <NativeSelect
            label={t('availability.start')}
            data={timesWith(window.Start)}
            value={window.Start}
            onChange={(event) => setWindow(index, { Start: event.currentTarget.value })}
            error={problemAt(`Weekly.${index}.Start`)}
            w={110}
          />
          <NativeSelect
            label={t('availability.end')}
            data={timesWith(window.End)}
            value={window.End}
            onChange={(event) => setWindow(index, { End: event.currentTarget.value })}
            error={problemAt(`Weekly.${index}.End`)}
            w={110}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={4}
            aria-label={`${t('availability.remove')}: ${t(`availability.days.day${window.Day as 1}`)} ${window.Start}–${window.End}`}
            onClick={() => change({ Weekly: value.Weekly.filter((_, i) => i !== index) })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={value.Weekly.length >= BOOKING_LIMITS.weeklyWindows}
          onClick={() => change({ Weekly: [...value.Weekly, { Day: 1, Start: '09:00', End: '12:00' }] })}
        >
          {t('availability.addWindow')}
        </Button>
      </Group>

      <Title order={3} size="h4">
        {t('availability.exceptions')}
      </Title>
      {value.Exceptions.length === 0 && <Text size="sm">{t('availability.noExceptions')}</Text>}
      {value.Exceptions.map((exception, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
        <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="schedule-exception">
          <Text fw={500} w={110} pb={8}>
            {exception.Kind === 'off' ? t('availability.off') : t('availability.extra')}
          </Text>
          {exception.Kind === 'off' ? (
            <>
              <TextInput
                type="date"
                label={t('availability.firstDay')}
                value={exception.From}
                onChange={(event) => setException(index, { From: event.currentTarget.value })}
                error={problemAt(`Exceptions.${index}.From`)}
                w={170}
              />
              <TextInput
                type="date"
                label={t('availability.lastDay')}
                value={exception.To}
                onChange={(event) => setException(index, { To: event.currentTarget.value })}
                error={problemAt(`Exceptions.${index}.To`)}
                w={170}
              />
            </>
          ) : (
            <>
              <TextInput
                type="date"
                label={t('availability.date')}
                value={exception.Date}
                onChange={(event) => setException(index, { Date: event.currentTarget.value })}
                error={problemAt(`Exceptions.${index}.Date`)}
                w={170}
              />
              <NativeSelect
                label={t('availability.start')}
                data={timesWith(exception.Start)}
                value={exception.Start}
                onChange={(event) => setException(index, { Start: event.currentTarget.value })}
                w={110}
              />
              <NativeSelect
                label={t('availability.end')}
                data={timesWith(exception.End)}
                value={exception.End}
                onChange={(event) => setException(index, { End: event.currentTarget.value })}
                error={problemAt(`Exceptions.${index}.End`)}
                w={110}
              />
            </>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={4}
            aria-label={`${t('availability.remove')}: ${exception.Kind === 'off' ? t('availability.off') : t('availability.extra')} ${exception.Kind === 'off' ? exception.From : exception.Date}`}
            onClick={() => change({ Exceptions: value.Exceptions.filter((_, i) => i !== index) })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={value.Exceptions.length >= BOOKING_LIMITS.exceptions}
          onClick={() => change({ Exceptions: [...value.Exceptions, { Kind: 'off', From: today(), To: today() }] })}
        >
          {t('availability.addOff')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={value.Exceptions.length >= BOOKING_LIMITS.exceptions}
          onClick={() =>
            change({
              Exceptions: [...value.Exceptions, { Kind: 'extra', Date: today(), Start: '09:00', End: '12:00' }],
            })
          }
        >
          {t('availability.addExtra')}
        </Button>
      </Group>
      {problems.length > 0 && (
        <Alert variant="light" {...alertTone('red')} role="alert">
          {t('availability.fix')}
        </Alert>
      )}
      {save.isError && problems.length === 0 && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      <Group>
        <Button type="submit" loading={save.isPending} data-testid="availability-save">
          {t('availability.save')}
        </Button>
      </Group>
    </Stack>
  );
}
