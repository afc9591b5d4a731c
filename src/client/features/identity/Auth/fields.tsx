import { Alert, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form's failure, announced to screen readers as it appears. */
export function ErrorAlert({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}
    </Alert>
  );
}

/** The email input every account form has. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}
