import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What the dialog asks. */
  text: string;
  /** The way out: the first button, and the close button's name unless `closeLabel` names it. */
  cancel: string;
  closeLabel?: string;
  onCancel(): void;
  confirm: string;
  onConfirm(): void;
  /** A confirmation that removes or discards something is red. */
  confirmColor?: MantineColor;
  /** While the confirmed step runs. */
  busy?: boolean;
  /** The dialog opens with the focus on the way out rather than on its close button. */
  focusCancel?: boolean;
  titleClassName?: string;
  'data-testid'?: string;
  confirmTestId?: string;
  /** What the question may also offer (a choice that goes with the confirmation). */
  children?: React.ReactNode;
}

/** A question with a way out and a confirmation: removing a message, resetting an episode, leaving unsaved work. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.closeLabel ?? props.cancel }}
      classNames={props.titleClassName ? { title: props.titleClassName } : undefined}
      data-testid={props['data-testid']}
    >
      <Text>{props.text}</Text>
      {props.children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel} data-autofocus={props.focusCancel || undefined}>
          {props.cancel}
        </Button>
        <Button
          color={props.confirmColor}
          onClick={props.onConfirm}
          loading={props.busy}
          data-testid={props.confirmTestId}
        >
          {props.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
