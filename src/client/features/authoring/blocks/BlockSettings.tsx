import { Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditableBlock } from '../../../../shared/contract/authoring/partContent';

/**
 * A block's visibility: published (learners see it) and mentors only (spec §6). The same in every language; the
 * editor shell places it where it shows a block's other controls.
 */
export function BlockSettings({ block, onChange }: { block: EditableBlock; onChange(next: EditableBlock): void }) {
  const { t } = useTranslation('blockEditor');
  return (
    <Group gap="lg" wrap="wrap">
      <Switch
        label={t('settings.published')}
        checked={block.Published}
        onChange={(event) => onChange({ ...block, Published: event.currentTarget.checked })}
        data-testid="block-published"
      />
      <Switch
        label={t('settings.mentorOnly')}
        checked={block.MentorOnly}
        onChange={(event) => onChange({ ...block, MentorOnly: event.currentTarget.checked })}
        data-testid="block-mentor-only"
      />
    </Group>
  );
}
