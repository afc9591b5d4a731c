import { type MantineSize, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { dismissMoment } from '../store';
import classes from './overlays.module.css';

/** A celebration's dialog: closing it (its button, Escape, or its own timer) makes way for the next moment. */
export function MomentDialog(props: {
  opened: boolean;
  title: string;
  closeLabel: string;
  size?: MantineSize;
  'data-testid': string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={dismissMoment}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.closeLabel }}
      size={props.size}
      classNames={{ title: classes.dialogTitle }}
      data-testid={props['data-testid']}
    >
      {props.children}
    </Modal>
  );
}
