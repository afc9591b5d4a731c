import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isBlankHtml, RichField, SharedNote } from './fields';
import { newId } from './ids';
import { MAX_COLUMNS, withoutColumn } from './model';
import { type KindProps, useScope } from './scope';

/**
 * One to four columns of rich text. Columns have no ids, so each editor is keyed here: removing one must not
 * hand its neighbour's editor the wrong text.
 */
export function ColumnKind({ content, base, change, update }: KindProps<'Column'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const translating = scope.translation !== null;
  const keys = useRef<string[]>([]);
  while (keys.current.length < content.columns.length) keys.current.push(newId(keys.current));
  keys.current.length = content.columns.length;
  const [confirming, setConfirming] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const count = content.columns.length;

  const remove = (index: number) => {
    keys.current.splice(index, 1);
    update((block) => withoutColumn(block, index));
    setConfirming(null);
    addRef.current?.focus();
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: Math.min(Math.max(count, 1), 2) }} spacing="md">
        {content.columns.map((column, index) => {
          const number = index + 1;
          return (
            <Stack key={keys.current[index]} gap={4} data-testid="column">
              <RichField
                label={t('columns.column', { number })}
                html={column.html}
                original={base.columns[index]?.html ?? ''}
                onChange={(html) =>
                  change((current) => ({
                    columns: current.columns.map((other, at) => (at === index ? { html } : other)),
                  }))
                }
              />
              {!translating && count > 1 && (
                <Group justify="flex-end">
                  <Tooltip label={t('columns.remove', { number })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('columns.remove', { number })}
                      onClick={() => (isBlankHtml(column.html) ? remove(index) : setConfirming(index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {translating ? (
        <SharedNote>{t('translation.columnsShared', { language: scope.defaultLanguageName })}</SharedNote>
      ) : (
        <Group gap="sm" wrap="wrap">
          <Button
            ref={addRef}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={count >= MAX_COLUMNS}
            onClick={() => change((current) => ({ columns: [...current.columns, { html: '' }] }))}
            data-testid="column-add"
          >
            {t('columns.add')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('columns.limit')}
          </Text>
        </Group>
      )}
      {scope.issue('columns') && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {scope.issue('columns')}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t('columns.confirmTitle', { number: (confirming ?? 0) + 1 })}
        text={t('columns.confirmText')}
        cancel={t('columns.cancel')}
        onCancel={() => setConfirming(null)}
        confirm={t('columns.confirm')}
        confirmColor="red"
        onConfirm={() => confirming !== null && remove(confirming)}
        focusCancel
      />
    </Stack>
  );
}
