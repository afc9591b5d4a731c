import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The email input every account form has. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('signIn');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

/** The first and last name inputs of the account forms, named for the browser's autofill. */
export function NameFields({ first, last }: { first: TextInputProps; last: TextInputProps }) {
  return (
    <>
      <TextInput autoComplete="given-name" required {...first} />
      <TextInput autoComplete="family-name" required {...last} />
    </>
  );
}
