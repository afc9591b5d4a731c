import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoachWeek, ScheduledBooking } from '../../../../shared/contract/commerce/bookings';
import { addDays, BOOKING_LIMITS, mondayOf } from '../../../../shared/domain/commerce/booking/rules';
import {
  browserTimeZone,
  dayInZone,
  dayLabel,
  momentInZone,
  shortDayLabel,
  timeInZone,
  timeZoneChoices,
} from '../../../../shared/domain/commerce/booking/viewer';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { tone } from '../../../components/tone';
import { AvailabilityEditor } from '../Booking/AvailabilityEditor';
import { commerceKeys } from '../keys';
import { BookForLearner } from './BookForLearner';

type Span = { StartsAt: string; EndsAt: string };

/**
 * /adminschedule (administrators): every coach's week on the viewer's clock — his hours, his free times and the
 * sessions booked — with week navigation; booking, moving and cancelling for a learner, each coach's hours, and the
 * site's booking rules.
 */
export default function SchedulePage() {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const zones = useMemo(() => timeZoneChoices(browserTimeZone()), []);
  const thisWeek = mondayOf(dayInZone(new Date().toISOString(), timeZone));
  const [weekStart, setWeekStart] = useState(thisWeek);
  const [editing, setEditing] = useState<CoachWeek | null>(null);
  const [booking, setBooking] = useState<{ coach: CoachWeek; slot: Span } | null>(null);
  const [moving, setMoving] = useState<ScheduledBooking | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledBooking | null>(null);

  const schedule = useQuery({
    queryKey: commerceKeys.schedule(weekStart, timeZone),
    queryFn: () => call('bookings.php', 'get_schedule', { WeekStart: weekStart, TimeZone: timeZone }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: commerceKeys.all });
  const cancel = useMutation({
    mutationFn: (b: ScheduledBooking) => call('bookings.php', 'cancel_booking', { BookingId: b.Id }),
    onSuccess: async () => {
      showToast(t('booking.cancelled'), 'green');
      setCancelling(null);
      await refresh();
    },
    onError: (error) => {
      showToast(errorText(error), 'red');
      setCancelling(null);
    },
  });

  const when = (span: Span) =>
    `${momentInZone(span.StartsAt, timeZone, language)}–${timeInZone(span.EndsAt, timeZone, language)}`;
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const onDay = <T extends Span>(spans: T[], day: string) =>
    spans.filter((s) => dayInZone(s.StartsAt, timeZone) === day);

  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('schedule.title')} intro={t('schedule.intro')} />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              onClick={() => setWeekStart((w) => addDays(w, -7))}
            >
              {t('booking.previousWeek')}
            </Button>
            <Button variant="default" disabled={weekStart === thisWeek} onClick={() => setWeekStart(thisWeek)}>
              {t('schedule.thisWeek')}
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              onClick={() => setWeekStart((w) => addDays(w, 7))}
            >
              {t('booking.nextWeek')}
            </Button>
          </Group>
          <NativeSelect
            label={t('booking.timeZone')}
            value={timeZone}
            onChange={(event) => setTimeZone(event.currentTarget.value)}
            data={zones}
            miw={220}
          />
        </Group>
        <Title order={2} size="h3" aria-live="polite" data-testid="schedule-week">
          {t('booking.week', { date: dayLabel(weekStart, language) })}
        </Title>

        {schedule.isError ? (
          <LoadError>{t('schedule.loadError')}</LoadError>
        ) : !schedule.data ? (
          <Loading section />
        ) : (
          <>
            {schedule.data.Coaches.map((coach) => {
              const bookings = schedule.data.Bookings.filter((b) => b.CoachId === coach.Id);
              const name = `${coach.FirstName} ${coach.LastName}`;
              return (
                <Card
                  key={coach.Id}
                  withBorder
                  padding="md"
                  component="section"
                  aria-label={name}
                  data-testid="schedule-coach"
                >
                  <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
                    <Group gap="xs" wrap="wrap">
                      <Title order={3} size="h4">
                        {name}
                      </Title>
                      {!coach.HasSchedule ? (
                        <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                          {t('schedule.noHours')}
                        </Badge>
                      ) : !coach.Active ? (
                        <Badge variant="light" {...tone('orange')}>
                          {t('schedule.notTaking')}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {coach.TimeZone} · {coach.SessionMinutes} min ·{' '}
                          {t('schedule.free', { count: coach.Free.length })}
                        </Text>
                      )}
                    </Group>
                    <Button size="xs" variant="default" onClick={() => setEditing(coach)}>
                      {t('schedule.editHours')}
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="xs">
                    {days.map((day) => {
                      const dayBookings = onDay(bookings, day);
                      const free = onDay(coach.Free, day);
                      return (
                        <Paper key={day} withBorder p="xs" radius="sm" data-testid="schedule-day" data-day={day}>
                          <Text size="sm" fw={600} mb={4}>
                            {shortDayLabel(day, language)}
                          </Text>
                          <Stack gap={4}>
                            {dayBookings.map((b) => (
                              <Paper
                                key={b.Id}
                                p={6}
                                radius="sm"
                                bg="var(--mantine-color-default-hover)"
                                data-testid="schedule-booking"
                              >
                                <Text size="sm" fw={600}>
                                  {timeInZone(b.StartsAt, timeZone, language)}–
                                  {timeInZone(b.EndsAt, timeZone, language)}
                                </Text>
                                <Text size="sm">{b.LearnerName}</Text>
                                <Group gap={4} mt={4}>
                                  <Button
                                    size="compact-xs"
                                    variant="default"
                                    onClick={() => setMoving(b)}
                                    aria-label={`${t('booking.move')}: ${b.LearnerName}, ${when(b)}`}
                                  >
                                    {t('booking.move')}
                                  </Button>
                                  <Button
                                    size="compact-xs"
                                    variant="default"
                                    onClick={() => setCancelling(b)}
                                    aria-label={`${t('booking.cancelBooking')}: ${b.LearnerName}, ${when(b)}`}
                                  >
                                    {t('booking.cancelBooking')}
                                  </Button>
                                </Group>
                              </Paper>
                            ))}
                            {free.length > 0 && (
                              <Group gap={4}>
                                {free.map((slot) => (
                                  <Button
                                    key={slot.StartsAt}
                                    size="compact-xs"
                                    variant="light"
                                    onClick={() => setBooking({ coach, slot })}
                                    aria-label={`${t('schedule.bookFor')}: ${name}, ${when(slot)}`}
                                    data-testid="schedule-free"
                                  >
                                    {timeInZone(slot.StartsAt, timeZone, language)}
                                  </Button>
                                ))}
                              </Group>
                            )}
                            {dayBookings.length === 0 && free.length === 0 && (
                              <Text size="xs" c="dimmed">
                                {t('schedule.nothing')}
                              </Text>
                            )}
                          </Stack>
                        </Paper>
                      );
                    })}
                  </SimpleGrid>
                </Card>
              );
            })}
            <BookingRules settings={schedule.data.Settings} />
          </>
        )}
      </Stack>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('availability.titleOf', { name: `${editing.FirstName} ${editing.LastName}` }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('booking.back') }}
      >
        {editing && <AvailabilityEditor coachId={editing.Id} title={t('availability.weekly')} />}
      </Modal>
      <BookForLearner
        target={booking}
        timeZone={timeZone}
        when={when}
        onClose={() => setBooking(null)}
        onDone={refresh}
      />
      <MoveDialog
        booking={moving}
        free={schedule.data?.Coaches.find((c) => c.Id === moving?.CoachId)?.Free ?? []}
        when={when}
        timeZone={timeZone}
        onClose={() => setMoving(null)}
        onDone={refresh}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title={cancelling ? t('schedule.cancelTitle', { name: cancelling.LearnerName }) : ''}
        text={cancelling ? t('schedule.cancelText', { when: when(cancelling), coach: cancelling.CoachName }) : ''}
        cancel={t('booking.keep')}
        onCancel={() => setCancelling(null)}
        confirm={t('booking.cancelBooking')}
        confirmColor="red"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        focusCancel
      />
    </Container>
  );
}

/** Moving a session to another free time of its coach in the week shown. */
function MoveDialog(props: {
  booking: ScheduledBooking | null;
  free: Span[];
  when(span: Span): string;
  timeZone: string;
  onClose(): void;
  onDone(): Promise<unknown>;
}) {
  const { t } = useTranslation('commerce');
  const [to, setTo] = useState('');
  const move = useMutation({
    mutationFn: (b: ScheduledBooking) =>
      call('bookings.php', 'move_booking', {
        BookingId: b.Id,
        StartsAt: to || props.free[0]?.StartsAt || '',
        TimeZone: props.timeZone,
      }),
    onSuccess: async () => {
      showToast(t('booking.moved'), 'green');
      props.onClose();
      await props.onDone();
    },
    onError: (error) => showToast(errorText(error), 'red'),
  });
  return (
    <Modal
      opened={props.booking !== null}
      onClose={props.onClose}
      title={props.booking ? t('schedule.moveTitle', { name: props.booking.LearnerName }) : ''}
      closeButtonProps={{ 'aria-label': t('booking.back') }}
    >
      {props.booking && (
        <Stack>
          <Text>{props.when(props.booking)}</Text>
          <NativeSelect
            label={t('schedule.moveTo')}
            data={props.free.map((slot) => ({ value: slot.StartsAt, label: props.when(slot) }))}
            value={to || props.free[0]?.StartsAt || ''}
            onChange={(event) => setTo(event.currentTarget.value)}
            disabled={props.free.length === 0}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('booking.back')}
            </Button>
            <Button
              disabled={props.free.length === 0}
              loading={move.isPending}
              onClick={() => props.booking && move.mutate(props.booking)}
            >
              {t('booking.move')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The site's booking rules: the deadline for a learner's own changes, and how far ahead she books. */
function BookingRules({ settings }: { settings: { CancelHours: number; Weeks: number } }) {
  const { t } = useTranslation('commerce');
  const queryClient = useQueryClient();
  const [cancelHours, setCancelHours] = useState<number | string>(settings.CancelHours);
  const [weeks, setWeeks] = useState<number | string>(settings.Weeks);
  const save = useMutation({
    mutationFn: () =>
      call('bookings.php', 'save_booking_settings', { CancelHours: Number(cancelHours), Weeks: Number(weeks) }),
    onSuccess: async () => {
      showToast(t('schedule.rulesSaved'), 'green');
      await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    },
    onError: (error) => showToast(errorText(error), 'red'),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="booking-rules">
      <Title order={2} size="h4" id="booking-rules" mb="sm">
        {t('schedule.rules')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label={t('schedule.cancelHours')}
          min={BOOKING_LIMITS.cancelHours.min}
          max={BOOKING_LIMITS.cancelHours.max}
          value={cancelHours}
          onChange={setCancelHours}
          w={320}
        />
        <NumberInput
          label={t('schedule.weeks')}
          min={BOOKING_LIMITS.weeks.min}
          max={BOOKING_LIMITS.weeks.max}
          value={weeks}
          onChange={setWeeks}
          w={200}
        />
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          {t('schedule.saveRules')}
        </Button>
      </Group>
    </Card>
  );
}
