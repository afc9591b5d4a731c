import { Button, Group, Text } from '@mantine/core';
import { ErrorAlert } from './LoadState';

/** A list that could not be loaded, in the page's words, with a button that asks for it again. */
export function RetryError({ message, retry, onRetry }: { message: string; retry: string; onRetry(): void }) {
  return (
    <ErrorAlert>
      <Group gap="sm" justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {retry}
        </Button>
      </Group>
    </ErrorAlert>
  );
}
