import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/contract/commerce/bookings';
import { momentInZone, timeInZone } from '../../../../shared/domain/commerce/booking/viewer';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { commerceKeys } from '../keys';

interface SessionListProps {
  title: string;
  empty: string;
  bookings: Booking[];
  cancelHours: number;
  timeZone: string;
  /** A learner's own sessions (which she cancels and moves) or a coach's (which he sees). */
  viewer: 'learner' | 'coach';
  /** The session being moved, and how to start moving one (a learner's list). */
  moving?: Booking | null;
  onMove?(booking: Booking): void;
  testId: string;
}

/** Coming sessions on the viewer's clock: with whom, and until when she may still cancel or move each. */
export function SessionList(props: SessionListProps) {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const when = (b: Booking) =>
    `${momentInZone(b.StartsAt, props.timeZone, language)}–${timeInZone(b.EndsAt, props.timeZone, language)}`;
  const cancel = useMutation({
    mutationFn: (booking: Booking) => call('bookings.php', 'cancel_booking', { BookingId: booking.Id }),
    onSuccess: async () => {
      showToast(t('booking.cancelled'), 'green');
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    },
    onError: (error) => {
      showToast(errorText(error), 'red');
      setCancelling(null);
    },
  });
  const headingId = `${props.testId}-title`;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {props.title}
      </Title>
      {props.bookings.length === 0 ? (
        <Text>{props.empty}</Text>
      ) : (
        <List listStyleType="none" spacing="sm" data-testid={props.testId}>
          {props.bookings.map((booking) => {
            const open = Date.now() < Date.parse(booking.ChangeableUntil);
            const other = props.viewer === 'learner' ? booking.CoachName : booking.LearnerName;
            return (
              <List.Item key={booking.Id} data-testid="booking" data-booking-id={booking.Id}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>{when(booking)}</Text>
                    <Text size="sm">{t('booking.withName', { name: other })}</Text>
                    {props.viewer === 'learner' && (
                      <Text size="sm" c="dimmed">
                        {open
                          ? t('booking.changeUntil', {
                              when: momentInZone(booking.ChangeableUntil, props.timeZone, language),
                            })
                          : t('booking.changeClosed', { hours: props.cancelHours })}
                      </Text>
                    )}
                  </Stack>
                  {props.viewer === 'learner' && open && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={props.moving?.Id === booking.Id}
                        onClick={() => props.onMove?.(booking)}
                        aria-label={`${t('booking.move')}: ${when(booking)}`}
                        data-testid="move-booking"
                      >
                        {t('booking.move')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setCancelling(booking)}
                        aria-label={`${t('booking.cancelBooking')}: ${when(booking)}`}
                        data-testid="cancel-booking"
                      >
                        {t('booking.cancelBooking')}
                      </Button>
                    </Group>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('booking.cancelTitle')}
        text={cancelling ? t('booking.cancelText', { when: when(cancelling), name: cancelling.CoachName }) : ''}
        cancel={t('booking.keep')}
        onCancel={() => setCancelling(null)}
        confirm={t('booking.cancelBooking')}
        confirmColor="red"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        focusCancel
        confirmTestId="confirm-cancel"
      />
    </Card>
  );
}
