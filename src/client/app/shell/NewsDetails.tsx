import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '../../../shared/contract/site/news';
import { useOpenedAfterMount } from '../../components/useOpenedAfterMount';

/** The news banner's "Learn more" dialog; loaded on its first opening. */
export default function NewsDetails({
  item,
  opened,
  onClose,
}: {
  item: NewsItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={item.title}
      closeButtonProps={{ 'aria-label': t('newsBanner.close') }}
    >
      {/* News content is sanitized on the server before it is stored. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.content }} />
    </Modal>
  );
}
