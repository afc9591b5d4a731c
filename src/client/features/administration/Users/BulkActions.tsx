import { Alert, Button, Card, Group, List, NativeSelect, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../../shared/contract/administration/users';
import { type BulkUserAction, bulkUserActions } from '../../../../shared/domain/administration/users';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { codeText, errorText } from '../../../components/errorText';
import { administrationKeys } from '../keys';
import { fullName } from './format';
import { useCourseOptions } from './queries';

/** The users chosen on the page, by id. */
export interface Selection {
  chosen: ReadonlySet<number>;
  toggle(id: number): void;
  /** Chooses every user of `ids`, or none of them. */
  setAll(ids: number[], on: boolean): void;
  clear(): void;
}

/** Whether an action asks first: taking something away or closing an account. */
const asksFirst = (action: BulkUserAction) => action === 'revoke_course' || action === 'lock';
const needsCourse = (action: BulkUserAction | '') => action === 'grant_course' || action === 'revoke_course';
const today = () => new Date().toISOString().slice(0, 10);

/** What was done, and for whom not, after an action. */
interface Outcome {
  done: number;
  failed: { userId: number; name: string; reason: string }[];
}

/**
 * The bar of the chosen users: one action (give or take a course, send a password reset, lock, unlock) on all of
 * them, each made as her own page would; the outcome says for whom it could not be done and why.
 */
export function BulkActions({ users, selection }: { users: UserListItem[]; selection: Selection }) {
  const { t } = useTranslation('administration');
  const queryClient = useQueryClient();
  const courses = useCourseOptions();
  const [action, setAction] = useState<BulkUserAction | ''>('');
  const [courseId, setCourseId] = useState('');
  const [end, setEnd] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const count = selection.chosen.size;

  const run = useMutation({
    mutationFn: (chosen: BulkUserAction) =>
      call('users.php', 'bulk_users', {
        UserIds: [...selection.chosen],
        Action: chosen,
        CourseId: needsCourse(chosen) ? Number(courseId) : null,
        ExpiresAt: chosen === 'grant_course' && end ? end : null,
      }),
    onSuccess: (answer) => {
      const names = new Map(users.map((user) => [user.Id, fullName(user)]));
      setOutcome({
        done: answer.Done.length,
        failed: answer.Failed.map((failure) => ({
          userId: failure.UserId,
          name: names.get(failure.UserId) ?? `#${failure.UserId}`,
          reason: codeText(failure.error_code),
        })),
      });
      selection.clear();
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: administrationKeys.users.all });
    },
    onError: () => setConfirming(false),
  });

  const ready = action !== '' && (!needsCourse(action) || courseId !== '');
  const apply = () => {
    if (!ready) return;
    setOutcome(null);
    if (asksFirst(action)) setConfirming(true);
    else run.mutate(action);
  };
  const courseName = (courses.data ?? []).find((course) => String(course.Id) === courseId)?.Name ?? '';

  return (
    <>
      {count > 0 && (
        <Card withBorder p="sm" component="section" aria-label={t('bulk.label')} data-testid="bulk-bar">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Text size="sm" fw={600} role="status" data-testid="bulk-count">
              {t('bulk.chosen', { count })}
            </Text>
            <NativeSelect
              label={t('bulk.action')}
              value={action}
              onChange={(event) => setAction(event.currentTarget.value as BulkUserAction | '')}
              data={[
                { value: '', label: t('bulk.chooseAction') },
                ...bulkUserActions.map((key) => ({ value: key, label: t(`bulk.actions.${key}`) })),
              ]}
              data-testid="bulk-action"
            />
            {needsCourse(action) && (
              <NativeSelect
                label={t('bulk.course')}
                value={courseId}
                onChange={(event) => setCourseId(event.currentTarget.value)}
                data={[
                  { value: '', label: t('bulk.chooseCourse') },
                  ...(courses.data ?? [])
                    .filter((course) => action === 'revoke_course' || !course.Archived)
                    .map((course) => ({ value: String(course.Id), label: course.Name })),
                ]}
                data-testid="bulk-course"
              />
            )}
            {action === 'grant_course' && (
              <TextInput
                type="date"
                label={t('bulk.end')}
                min={today()}
                value={end}
                onChange={(event) => setEnd(event.currentTarget.value)}
                data-testid="bulk-end"
              />
            )}
            <Button onClick={apply} disabled={!ready} loading={run.isPending && !confirming} data-testid="bulk-apply">
              {t('bulk.apply')}
            </Button>
            <Button variant="subtle" onClick={selection.clear}>
              {t('bulk.clear')}
            </Button>
          </Group>
        </Card>
      )}
      {run.isError && (
        <Alert color="red" role="alert">
          {errorText(run.error)}
        </Alert>
      )}
      {outcome && (
        <Alert
          color={outcome.failed.length > 0 ? 'yellow' : 'green'}
          withCloseButton
          closeButtonLabel={t('bulk.dismiss')}
          onClose={() => setOutcome(null)}
          data-testid="bulk-outcome"
        >
          <Text size="sm">{t('bulk.done', { count: outcome.done })}</Text>
          {outcome.failed.length > 0 && (
            <>
              <Text size="sm" mt="xs">
                {t('bulk.notDone', { count: outcome.failed.length })}
              </Text>
              <List size="sm">
                {outcome.failed.map((failure) => (
                  <List.Item key={failure.userId}>
                    {failure.name}: {failure.reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {action !== '' && (
        <ConfirmDialog
          opened={confirming}
          title={t(`bulk.actions.${action}`)}
          text={t(`bulk.confirm.${action === 'lock' ? 'lock' : 'revoke'}`, { count, course: courseName })}
          cancel={t('transfer.cancel')}
          onCancel={() => setConfirming(false)}
          confirm={t('bulk.apply')}
          confirmColor="red"
          busy={run.isPending}
          onConfirm={() => run.mutate(action)}
          confirmTestId="bulk-confirm"
        />
      )}
    </>
  );
}

/** The selection of the page's users, forgotten when the page shows other users. */
export function useSelection(): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  return {
    chosen,
    toggle: (id) =>
      setChosen((now) => {
        const next = new Set(now);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    setAll: (ids, on) =>
      setChosen((now) => {
        const next = new Set(now);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clear: () => setChosen(new Set()),
  };
}
