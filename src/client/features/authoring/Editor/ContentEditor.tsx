import { ActionIcon, Badge, Box, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableBlock } from '../../../../shared/contract/authoring/partContent';
import { type BlockType, blockTypes } from '../../../../shared/domain/learning/course';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { tone } from '../../../components/tone';
import { BlockEditor, BlockSettings, newBlock } from '../blocks';
import classes from './editor.module.css';
import { useEditingSession } from './session';
import { type ContentLanguage, missingTranslations } from './translations';
import type { PartDraftState } from './usePartDraft';

/**
 * A part's draft: its name in the content language, and its blocks in order, each with its own editor (the blocks
 * feature's `BlockEditor`), moved up or down, deleted after a question, and new ones added from a menu of every
 * block kind.
 */
export function ContentEditor({ state, defaultLanguage }: { state: PartDraftState; defaultLanguage: string }) {
  const { t } = useTranslation(['courseEditor', 'blockEditor']);
  const session = useEditingSession();
  const [deleting, setDeleting] = useState<number | null>(null);
  const loaded = state.loaded;
  if (!loaded) return null;
  const { draft, keys } = loaded;
  const language = session.language;
  const translating = language !== defaultLanguage;
  const kindName = (type: BlockType) => t(`blockEditor:types.${type}`);
  const parts = [...session.course.CourseParts]
    .sort((a, b) => a.SortId - b.SortId)
    .map((part) => ({ Id: part.Id, Name: part.Name }));

  const setBlocks = (blocks: EditableBlock[], nextKeys: string[]) =>
    state.change({ ...draft, Blocks: blocks }, nextKeys);
  const update = (index: number, next: EditableBlock) =>
    setBlocks(
      draft.Blocks.map((item, at) => (at === index ? next : item)),
      keys,
    );
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= draft.Blocks.length) return;
    const blocks = [...draft.Blocks];
    const nextKeys = [...keys];
    [blocks[index], blocks[target]] = [blocks[target] as EditableBlock, blocks[index] as EditableBlock];
    [nextKeys[index], nextKeys[target]] = [nextKeys[target] as string, nextKeys[index] as string];
    setBlocks(blocks, nextKeys);
  };
  const add = (type: BlockType) => setBlocks([...draft.Blocks, newBlock(type)], [...keys, state.newKey()]);
  const remove = (index: number) =>
    setBlocks(
      draft.Blocks.filter((_, at) => at !== index),
      keys.filter((_, at) => at !== index),
    );

  const name = translating ? (draft.NameTranslations[language] ?? '') : draft.Name;
  const setName = (value: string) =>
    state.change(
      translating
        ? { ...draft, NameTranslations: { ...draft.NameTranslations, [language]: value } }
        : { ...draft, Name: value },
    );

  const missing = missingTranslations(draft, defaultLanguage);
  return (
    <Stack gap="md">
      {missing.length > 0 && (
        <Group gap="xs">
          {missing.map((code) => (
            <Badge key={code} size="sm" variant="light" {...tone('orange')} data-testid="missing-translation">
              {t('parts.missingTranslation', { language: t(`languages.${code as ContentLanguage}`) })}
            </Badge>
          ))}
        </Group>
      )}
      <TextInput
        label={translating ? t('part.nameIn', { language: t(`languages.${language}`) }) : t('part.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        placeholder={translating ? draft.Name : undefined}
        maxLength={200}
        required={!translating}
        data-testid="part-name"
      />
      {draft.Blocks.length === 0 && <Text c="dimmed">{t('blocks.empty')}</Text>}
      {draft.Blocks.map((block, index) => {
        const number = index + 1;
        return (
          <Paper
            key={keys[index]}
            withBorder
            p="sm"
            className={classes.blockCard}
            component="section"
            aria-label={t('blocks.block', { number, kind: kindName(block.BlockType) })}
            data-testid="editor-block"
            data-block-type={block.BlockType}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('blocks.block', { number, kind: kindName(block.BlockType) })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('blocks.moveUp', { number })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('blocks.moveDown', { number })}
                  disabled={index === draft.Blocks.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={t('blocks.delete', { number })}
                  onClick={() => setDeleting(index)}
                  data-testid="block-delete"
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <BlockEditor
              block={block}
              onChange={(next) => update(index, next)}
              language={language}
              defaultLanguage={defaultLanguage}
              parts={parts}
              media={state.media}
              onMedia={state.addMedia}
              courseId={session.course.Id}
            />
            <Box mt="sm">
              <BlockSettings block={block} onChange={(next) => update(index, next)} />
            </Box>
          </Paper>
        );
      })}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} data-testid="add-block">
            {t('blocks.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('blocks.addMenu')}>
          {blockTypes.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)} data-testid={`add-block-${type}`}>
              {kindName(type)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('blocks.deleteTitle')}
        text={
          deleting === null
            ? ''
            : t('blocks.deleteText', {
                number: deleting + 1,
                kind: kindName(draft.Blocks[deleting]?.BlockType ?? 'Text'),
              })
        }
        cancel={t('parts.cancel')}
        onCancel={() => setDeleting(null)}
        confirm={t('blocks.deleteTitle')}
        confirmColor="red.8"
        onConfirm={() => {
          if (deleting !== null) remove(deleting);
          setDeleting(null);
        }}
        focusCancel
        confirmTestId="block-delete-confirm"
      />
    </Stack>
  );
}
