import { Button, Checkbox, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoachWeek } from '../../../../shared/contract/commerce/bookings';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { commerceKeys } from '../keys';

type Span = { StartsAt: string; EndsAt: string };

/**
 * Booking a free time of a coach for a learner (administrators): the learner found by name or address, with the
 * coaching sessions she holds; booked with one of them, or without when the administrator says so.
 */
export function BookForLearner(props: {
  target: { coach: CoachWeek; slot: Span } | null;
  timeZone: string;
  when(span: Span): string;
  onClose(): void;
  onDone(): Promise<unknown>;
}) {
  const { t } = useTranslation('commerce');
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [learnerId, setLearnerId] = useState('');
  const [withoutCredit, setWithoutCredit] = useState(false);
  const learners = useQuery({
    queryKey: commerceKeys.learners(typed),
    queryFn: async () => (await call('bookings.php', 'find_learners', { Search: typed })).Learners,
    enabled: typed.length > 0,
  });
  const close = () => {
    setSearch('');
    setLearnerId('');
    setWithoutCredit(false);
    props.onClose();
  };
  const book = useMutation({
    mutationFn: (target: { coach: CoachWeek; slot: Span }) =>
      call('bookings.php', 'book_session', {
        CoachId: target.coach.Id,
        StartsAt: target.slot.StartsAt,
        TimeZone: props.timeZone,
        LearnerId: Number(learnerId),
        WithoutCredit: withoutCredit,
      }),
    onSuccess: async () => {
      showToast(t('schedule.bookedFor'), 'green');
      close();
      await props.onDone();
    },
    onError: (error) => showToast(errorText(error), 'red'),
  });
  const target = props.target;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('schedule.bookFor')}
      closeButtonProps={{ 'aria-label': t('booking.back') }}
    >
      {target && (
        <Stack data-testid="book-for-learner">
          <Text>
            {t('schedule.bookForText', {
              when: props.when(target.slot),
              coach: `${target.coach.FirstName} ${target.coach.LastName}`,
            })}
          </Text>
          <TextInput
            label={t('schedule.learnerSearch')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            data-autofocus
          />
          {learners.data &&
            (learners.data.length === 0 ? (
              <Text size="sm">{t('schedule.noLearners')}</Text>
            ) : (
              <Radio.Group label={t('schedule.learner')} value={learnerId} onChange={setLearnerId}>
                <Stack gap={6} mt={4}>
                  {learners.data.map((l) => (
                    <Radio
                      key={l.Id}
                      value={String(l.Id)}
                      label={t('schedule.withCredits', { name: `${l.FirstName} ${l.LastName}`, count: l.Credits })}
                      description={l.Email}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ))}
          <Checkbox
            label={t('schedule.withoutCredit')}
            checked={withoutCredit}
            onChange={(event) => setWithoutCredit(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('booking.back')}
            </Button>
            <Button disabled={!learnerId} loading={book.isPending} onClick={() => book.mutate(target)}>
              {t('booking.book')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
