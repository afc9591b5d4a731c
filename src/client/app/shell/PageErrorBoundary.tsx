import { Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <Text role="alert" c="var(--mantine-color-error)" p="xl" ta="center">
      {t('loadFailed')}
    </Text>
  );
}

interface Props {
  /** The page's path: the error shows until the visitor goes elsewhere. */
  path: string;
  children: ReactNode;
}

/**
 * A page that fails to render (most often its chunk could not be fetched, e.g. right after a deploy) shows an
 * error in the frame instead of blanking the whole app, as the data router's default error element did.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(error: unknown) {
    console.error('The page failed to render', error);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
