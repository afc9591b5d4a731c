import { Alert, Button, Group, Modal, Tabs, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/dates';
import { codeText } from '../../../components/errorText';
import { Loading } from '../../../components/LoadState';
import { ContentEditor } from './ContentEditor';
import { PartSettings } from './PartSettings';
import { RevisionsPanel } from './RevisionsPanel';
import { StudentPreview } from './StudentPreview';
import { useEditingSession } from './session';
import type { CourseEditingProps } from './types';
import { type SaveStatus, usePartDraft } from './usePartDraft';

/** One part while editing: its content, its settings and its history, or the student preview of its draft. */
export function PartEditor({
  partId,
  preview,
  onStatus,
  refreshCourse,
  renderStudentPart,
  openPart,
}: {
  partId: number;
  preview: boolean;
  onStatus(status: SaveStatus): void;
} & Pick<CourseEditingProps, 'refreshCourse' | 'renderStudentPart' | 'openPart'>) {
  const { t } = useTranslation(['courseEditor', 'blockEditor']);
  const session = useEditingSession();
  const state = usePartDraft({ session, partId, onNameSaved: () => void refreshCourse() });
  const part = session.course.CourseParts.find((item) => item.Id === partId);

  useEffect(() => onStatus(state.status), [state.status, onStatus]);

  if (state.loadError) {
    return (
      <Alert color="red" role="alert">
        {codeText(state.loadError)}
      </Alert>
    );
  }
  if (!state.loaded || !part) return <Loading />;
  const { status } = state;
  const defaultLanguage = state.loaded.content.DefaultLanguage;

  return (
    <>
      <SaveProblem
        status={status}
        keptInBrowser={state.keptInBrowser}
        reload={() => void state.reload()}
        typeName={(type) => t(`blockEditor:types.${type as 'Text'}`)}
      />
      <RestoreDialog offer={state.offer} restore={state.restore} discard={state.discard} />
      {preview ? (
        <StudentPreview
          part={part}
          draft={state.loaded.draft}
          media={state.media}
          defaultLanguage={defaultLanguage}
          renderStudentPart={renderStudentPart}
        />
      ) : (
        <Tabs defaultValue="content" keepMounted={false}>
          <Tabs.List aria-label={t('part.tabs')} mb="md">
            <Tabs.Tab value="content">{t('part.content')}</Tabs.Tab>
            <Tabs.Tab value="settings">{t('part.settings')}</Tabs.Tab>
            <Tabs.Tab value="history" data-testid="history-tab">
              {t('part.history')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="content">
            <ContentEditor state={state} defaultLanguage={defaultLanguage} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <PartSettings part={part} refreshCourse={refreshCourse} onDeleted={() => openPart(null)} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <RevisionsPanel
              partId={partId}
              media={state.media}
              renderStudentPart={renderStudentPart}
              part={part}
              beforeRestore={state.flush}
              afterRestore={async () => {
                await state.reload();
                await refreshCourse();
              }}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}

/** Why the draft is not saved, when that needs the editor's attention. */
function SaveProblem({
  status,
  keptInBrowser,
  reload,
  typeName,
}: {
  status: SaveStatus;
  keptInBrowser: boolean;
  reload(): void;
  typeName(type: string): string;
}) {
  const { t } = useTranslation('courseEditor');
  let text: string | null = null;
  let action: { label: string; run(): void } | null = null;
  if (status.kind === 'stale') {
    text = status.name
      ? t('save.stale', { name: status.name, time: status.at ? formatDateTime(status.at) : '' })
      : t('save.staleSomeone');
    action = { label: t('save.reload'), run: reload };
  } else if (status.kind === 'incomplete') {
    text =
      status.number < 0
        ? t('save.noName')
        : t('save.incomplete', { number: status.number, kind: typeName(status.blockType ?? '') });
  } else if (status.kind === 'invalid') {
    text = t('save.invalid', { code: codeText(status.code) });
  } else if (status.kind === 'offline') {
    text = t('save.offline');
  }
  if (!text && keptInBrowser) return null;
  return (
    <Alert
      color={status.kind === 'stale' || status.kind === 'invalid' ? 'red' : 'orange'}
      mb="md"
      role={status.kind === 'offline' ? 'status' : 'alert'}
      data-testid="save-problem"
      data-status={status.kind}
    >
      {text && <Text size="sm">{text}</Text>}
      {!keptInBrowser && <Text size="sm">{t('save.storageFull')}</Text>}
      {action && (
        <Button size="xs" mt="xs" variant="default" onClick={action.run} data-testid="save-reload">
          {action.label}
        </Button>
      )}
    </Alert>
  );
}

/** "Restore your unsaved changes?": a draft this browser kept that the server never got. */
function RestoreDialog({
  offer,
  restore,
  discard,
}: {
  offer: { changedAt: string } | null;
  restore(): void;
  discard(): void;
}) {
  const { t } = useTranslation('courseEditor');
  return (
    <Modal
      opened={offer !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('restore.title')}
      centered
      data-testid="restore-dialog"
    >
      <Text>{t('restore.text', { time: offer ? formatDateTime(offer.changedAt) : '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" color="red" onClick={discard} data-testid="restore-discard">
          {t('restore.discard')}
        </Button>
        <Button onClick={restore} data-autofocus data-testid="restore-accept">
          {t('restore.restore')}
        </Button>
      </Group>
    </Modal>
  );
}
