import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ViewAsLog } from '../User/ViewAsLog';

/** The site's view-as log for its administrators, from /users: every use, by whom, as whom, why and how it ended. */
export function SiteViewAsLogButton() {
  const { t } = useTranslation('administration');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        onClick={open}
        data-testid="site-view-as-log"
      >
        {t('viewAs.log.title')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('viewAs.log.title')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('viewAs.log.close') }}
      >
        {opened && <ViewAsLog userId={null} heading={false} />}
      </Modal>
    </>
  );
}
