import { Alert, Anchor, Button, Card, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking, Slot } from '../../../../shared/contract/commerce/bookings';
import { mondayOf } from '../../../../shared/domain/commerce/booking/rules';
import {
  browserTimeZone,
  byDayInZone,
  dayInZone,
  dayLabel,
  momentInZone,
  timeInZone,
  timeZoneChoices,
} from '../../../../shared/domain/commerce/booking/viewer';
import { isStaffUser } from '../../../../shared/domain/roles';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { alertTone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { AvailabilityEditor } from './AvailabilityEditor';
import { SessionList } from './SessionList';

const PATH = '/book-a-coaching-session';

/**
 * /book-a-coaching-session: the free times of the coming weeks on the visitor's own clock (her browser's zone, which
 * she may change), of one coach or any; booking one for a coaching credit (signed in), or the way to a coaching
 * package without credits. A learner sees, cancels and moves her sessions here; a coach sees the sessions booked
 * with him and keeps his hours.
 */
export default function BookingPage() {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.token !== null;
  const staff = session.user !== null && isStaffUser(session.user);
  const [coachId, setCoachId] = useState(0);
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const zones = useMemo(() => timeZoneChoices(browserTimeZone()), []);
  const [weekIndex, setWeekIndex] = useState(0);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);

  const coaches = useQuery({
    queryKey: commerceKeys.coaches,
    queryFn: async () => (await call('bookings.php', 'get_coaches', {})).Coaches,
  });
  const shownCoach = moving ? moving.CoachId : coachId;
  const slots = useQuery({
    queryKey: commerceKeys.slots(shownCoach),
    queryFn: () => call('bookings.php', 'get_slots', { CoachId: shownCoach }),
  });
  const mine = useQuery({
    queryKey: commerceKeys.myBookings(session.token),
    queryFn: () => call('bookings.php', 'get_my_bookings', {}),
    enabled: signedIn,
  });

  const coachName = (id: number) => {
    const coach = coaches.data?.find((c) => c.Id === id);
    return coach ? `${coach.FirstName} ${coach.LastName}` : '';
  };
  const when = (slot: { StartsAt: string; EndsAt: string }) =>
    `${momentInZone(slot.StartsAt, timeZone, language)}–${timeInZone(slot.EndsAt, timeZone, language)}`;

  // The free times by week of her calendar (weeks begin on Monday), then by day.
  const weeks = useMemo(() => {
    const byWeek = new Map<string, Slot[]>();
    for (const slot of slots.data?.Slots ?? []) {
      const week = mondayOf(dayInZone(slot.StartsAt, timeZone));
      byWeek.set(week, [...(byWeek.get(week) ?? []), slot]);
    }
    return [...byWeek].sort(([a], [b]) => a.localeCompare(b));
  }, [slots.data, timeZone]);
  const week = weeks[Math.min(weekIndex, Math.max(0, weeks.length - 1))];

  const done = async (message: string) => {
    showToast(message, 'green');
    setChosen(null);
    setMoving(null);
    await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
  };
  const failed = async (error: unknown) => {
    showToast(errorText(error), 'red');
    setChosen(null);
    await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
  };
  const book = useMutation({
    mutationFn: (slot: Slot) =>
      call('bookings.php', 'book_session', { CoachId: coachId, StartsAt: slot.StartsAt, TimeZone: timeZone }),
    onSuccess: (answer) => done(t('booking.booked', { when: when(answer.Booking) })),
    onError: failed,
  });
  const move = useMutation({
    mutationFn: ({ booking, slot }: { booking: Booking; slot: Slot }) =>
      call('bookings.php', 'move_booking', { BookingId: booking.Id, StartsAt: slot.StartsAt, TimeZone: timeZone }),
    onSuccess: () => done(t('booking.moved')),
    onError: failed,
  });

  const credits = mine.data?.Credits ?? 0;
  const canBook = signedIn && (credits > 0 || moving !== null);
  const chosenCoach = chosen
    ? chosen.CoachIds.length === 1
      ? coachName(chosen.CoachIds[0] ?? 0)
      : coachId
        ? coachName(coachId)
        : t('booking.whoeverIsFree')
    : '';
  const minutes = chosen ? Math.round((Date.parse(chosen.EndsAt) - Date.parse(chosen.StartsAt)) / 60_000) : 0;

  return (
    <Container size="lg" py="xl">
      <PageHeading title={t('booking.title')} intro={t('booking.intro')} />
      <Stack gap="xl">
        {signedIn && mine.data && (
          <SessionList
            title={t('booking.mine')}
            empty={t('booking.mineEmpty')}
            bookings={mine.data.Bookings}
            cancelHours={mine.data.CancelHours}
            timeZone={timeZone}
            viewer="learner"
            moving={moving}
            onMove={setMoving}
            testId="my-bookings"
          />
        )}

        <Card withBorder padding="lg" component="section" aria-labelledby="free-times">
          <Stack gap="md">
            <Title order={2} size="h3" id="free-times">
              {t('booking.freeTimes')}
            </Title>
            {!signedIn && (
              <Alert variant="light" {...alertTone('teal')}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('booking.signInText')}</Text>
                  <Button component={Link} to={`/login?triedUrl=${encodeURIComponent(PATH)}`} size="xs">
                    {t('booking.signInToBook')}
                  </Button>
                </Group>
              </Alert>
            )}
            {signedIn && mine.data && !moving && (
              <Group gap="sm" data-testid="coaching-credits">
                <Text>{credits > 0 ? t('booking.credits', { count: credits }) : t('booking.noCredits')}</Text>
                {credits === 0 && (
                  <Anchor component={Link} to="/products?kind=coaching" fw={500}>
                    {t('booking.buyPackage')}
                  </Anchor>
                )}
              </Group>
            )}
            {moving && (
              <Alert variant="light" {...alertTone('yellow')} data-testid="moving">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('booking.moving', { when: when(moving) })}</Text>
                  <Button size="xs" variant="default" onClick={() => setMoving(null)}>
                    {t('booking.stopMoving')}
                  </Button>
                </Group>
              </Alert>
            )}
            <Group grow align="flex-end" wrap="wrap">
              <NativeSelect
                label={t('booking.coach')}
                value={String(shownCoach)}
                disabled={moving !== null}
                onChange={(event) => {
                  setCoachId(Number(event.currentTarget.value));
                  setWeekIndex(0);
                }}
                data={[
                  { value: '0', label: t('booking.anyCoach') },
                  ...(coaches.data ?? []).map((c) => ({ value: String(c.Id), label: `${c.FirstName} ${c.LastName}` })),
                ]}
                data-testid="coach-select"
                miw={200}
              />
              <NativeSelect
                label={t('booking.timeZone')}
                value={timeZone}
                onChange={(event) => setTimeZone(event.currentTarget.value)}
                data={zones}
                data-testid="time-zone-select"
                miw={200}
              />
            </Group>
            {slots.isError || coaches.isError ? (
              <LoadError>{t('booking.loadError')}</LoadError>
            ) : !slots.data || !coaches.data ? (
              <Loading section />
            ) : coaches.data.length === 0 ? (
              <Text>{t('booking.noCoaches')}</Text>
            ) : !week ? (
              <Text>{t('booking.noSlots')}</Text>
            ) : (
              <Stack gap="md">
                <Text fw={600} size="lg" aria-live="polite" data-testid="week-label">
                  {t('booking.week', { date: dayLabel(week[0], language) })}
                </Text>
                <Group justify="space-between">
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconChevronLeft size={16} aria-hidden />}
                    disabled={weekIndex === 0}
                    onClick={() => setWeekIndex((i) => Math.max(0, i - 1))}
                  >
                    {t('booking.previousWeek')}
                  </Button>
                  <Button
                    variant="default"
                    size="sm"
                    rightSection={<IconChevronRight size={16} aria-hidden />}
                    disabled={weekIndex >= weeks.length - 1}
                    onClick={() => setWeekIndex((i) => Math.min(weeks.length - 1, i + 1))}
                  >
                    {t('booking.nextWeek')}
                  </Button>
                </Group>
                {byDayInZone(week[1], timeZone).map(([day, daySlots]) => (
                  <div key={day}>
                    <Title order={3} size="h5" mb={6}>
                      {dayLabel(day, language)}
                    </Title>
                    <Group gap="xs" data-testid="day-slots">
                      {daySlots.map((slot) => {
                        const time = timeInZone(slot.StartsAt, timeZone, language);
                        const label = t(moving ? 'booking.moveLabel' : 'booking.slotLabel', {
                          time,
                          day: dayLabel(day, language),
                        });
                        return signedIn ? (
                          <Button
                            key={`${slot.StartsAt}-${slot.EndsAt}`}
                            variant="light"
                            size="sm"
                            disabled={!canBook}
                            aria-label={label}
                            onClick={() => setChosen(slot)}
                            data-testid="slot"
                            data-start={slot.StartsAt}
                          >
                            {time}
                          </Button>
                        ) : (
                          <Button
                            key={`${slot.StartsAt}-${slot.EndsAt}`}
                            component={Link}
                            to={`/login?triedUrl=${encodeURIComponent(PATH)}`}
                            variant="light"
                            size="sm"
                            aria-label={label}
                            data-testid="slot"
                            data-start={slot.StartsAt}
                          >
                            {time}
                          </Button>
                        );
                      })}
                    </Group>
                  </div>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>

        {staff && mine.data && (
          <SessionList
            title={t('booking.coachSessions')}
            empty={t('booking.coachSessionsEmpty')}
            bookings={mine.data.CoachBookings}
            cancelHours={mine.data.CancelHours}
            timeZone={timeZone}
            viewer="coach"
            testId="coach-bookings"
          />
        )}
        {staff && (
          <Card withBorder padding="lg" component="section">
            <AvailabilityEditor coachId={0} title={t('availability.title')} />
          </Card>
        )}
      </Stack>

      <ConfirmDialog
        opened={chosen !== null}
        title={moving ? t('booking.moveTitle') : t('booking.confirmTitle')}
        text={
          chosen === null
            ? ''
            : moving
              ? t('booking.moveText', { from: when(moving), to: when(chosen), name: moving.CoachName })
              : t('booking.confirmText', { when: when(chosen), minutes, coach: chosenCoach })
        }
        cancel={t('booking.back')}
        onCancel={() => setChosen(null)}
        confirm={moving ? t('booking.move') : t('booking.book')}
        busy={book.isPending || move.isPending}
        onConfirm={() => {
          if (!chosen) return;
          if (moving) move.mutate({ booking: moving, slot: chosen });
          else book.mutate(chosen);
        }}
        confirmTestId="confirm-booking"
        data-testid="booking-dialog"
      />
    </Container>
  );
}
