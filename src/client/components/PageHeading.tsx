import { Text, Title } from '@mantine/core';

/** A page's title with the line that says what the page is for. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="xs" mb="xl">
        {intro}
      </Text>
    </>
  );
}
