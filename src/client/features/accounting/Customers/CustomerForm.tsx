import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/contract/accounting/accounting';
import { CUSTOMER_LIMITS, type CustomerKind, customerKinds } from '../../../../shared/domain/accounting/invoices';
import { orgNumberValid, vatNumberFormatValid } from '../../../../shared/domain/accounting/vat';
import { type Language, supportedLanguages } from '../../../../shared/domain/language';
import { ApiError } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { useMoney } from '../money';
import { useSaveCustomer } from '../queries';
import { countryOptions } from './countries';

interface Values {
  kind: CustomerKind;
  name: string;
  address: string;
  country: string | null;
  vatNumber: string;
  orgNumber: string;
  email: string;
  language: Language;
}

const valuesOf = (customer: Customer | null): Values => ({
  kind: customer?.Kind ?? 'company',
  name: customer?.Name ?? '',
  address: customer?.Address ?? '',
  country: customer?.Country ?? 'SE',
  vatNumber: customer?.VatNumber ?? '',
  orgNumber: customer?.OrgNumber ?? '',
  email: customer?.Email ?? '',
  language: customer?.Language ?? 'sv',
});

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The customer's form in a dialog: a new customer (`'new'`) or a change of one. */
export function CustomerFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: Customer | 'new' | null;
  onClose(): void;
  onSaved(customer: Customer): void;
}) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const customer = target === 'new' ? null : target;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={customer ? t('customerForm.editTitle', { name: customer.Name }) : t('customerForm.newTitle')}
      size="lg"
      fullScreen={phone}
      // A click beside the dialog must not throw away what was typed.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="customer-modal"
    >
      {target !== null && (
        <CustomerForm key={customer?.Id ?? 'new'} customer={customer} onCancel={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function CustomerForm({
  customer,
  onCancel,
  onSaved,
}: {
  customer: Customer | null;
  onCancel(): void;
  onSaved(customer: Customer): void;
}) {
  const { t } = useTranslation('accounting');
  const { language } = useMoney();
  const save = useSaveCustomer();
  const form = useForm<Values>({
    initialValues: valuesOf(customer),
    validate: {
      name: (value) => (value.trim() === '' ? t('customerForm.nameRequired') : null),
      country: (value) => (value ? null : t('customerForm.countryRequired')),
      email: (value) => (value.trim() === '' || looksLikeEmail(value.trim()) ? null : t('customerForm.emailInvalid')),
      vatNumber: (value, values) =>
        value.trim() === '' || vatNumberFormatValid(values.country ?? '', value) ? null : t('customerForm.vatInvalid'),
      orgNumber: (value, values) =>
        value.trim() === '' || values.country !== 'SE' || orgNumberValid(value) ? null : t('customerForm.orgInvalid'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        Id: customer?.Id ?? 0,
        Kind: values.kind,
        Name: values.name.trim(),
        Address: values.address.trim(),
        Country: values.country ?? '',
        VatNumber: values.vatNumber.trim(),
        OrgNumber: values.orgNumber.trim(),
        Email: values.email.trim(),
        Language: values.language,
        CompanyId: customer?.CompanyId || null,
      });
      showToast(customer ? t('customerForm.saved') : t('customerForm.created', { name: answer.data.Name }), 'green');
      onSaved(answer.data);
    } catch (error) {
      // A number the server finds malformed is shown at its field.
      if (!(error instanceof ApiError) || !Array.isArray(error.body.fields)) return;
      for (const field of error.body.fields as { field?: string }[]) {
        if (field.field === 'VatNumber') form.setFieldError('vatNumber', t('customerForm.vatInvalid'));
        if (field.field === 'OrgNumber') form.setFieldError('orgNumber', t('customerForm.orgInvalid'));
      }
    }
  });

  const refusal = save.error;
  const shownAtField =
    refusal instanceof ApiError && Array.isArray(refusal.body.fields) && refusal.code === 'INVALID_REQUEST';

  return (
    <form onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="md">
        <Radio.Group label={t('customerForm.kind')} {...form.getInputProps('kind')}>
          <Group gap="lg" mt={6}>
            {customerKinds.map((kind) => (
              <Radio key={kind} value={kind} label={t(`customerKinds.${kind}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('customerForm.name')}
          required
          maxLength={CUSTOMER_LIMITS.name}
          data-autofocus
          data-testid="customer-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('customerForm.address')}
          maxLength={CUSTOMER_LIMITS.address}
          autosize
          minRows={3}
          maxRows={6}
          data-testid="customer-address"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('customerForm.country')}
            required
            searchable
            data={countryOptions(language)}
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage={t('customerForm.noCountry')}
            data-testid="customer-country"
            {...form.getInputProps('country')}
          />
          <NativeSelect
            label={t('customerForm.language')}
            data={supportedLanguages.map((each) => ({ value: each, label: t(`languages.${each}`) }))}
            {...form.getInputProps('language')}
          />
          <TextInput
            label={t('customerForm.vatNumber')}
            description={t('customerForm.vatHint')}
            maxLength={CUSTOMER_LIMITS.vatNumber}
            autoComplete="off"
            data-testid="customer-vat"
            {...form.getInputProps('vatNumber')}
          />
          <TextInput
            label={t('customerForm.orgNumber')}
            description={t('customerForm.orgHint')}
            maxLength={CUSTOMER_LIMITS.orgNumber}
            autoComplete="off"
            {...form.getInputProps('orgNumber')}
          />
        </SimpleGrid>
        <TextInput
          type="email"
          label={t('customerForm.email')}
          description={t('customerForm.emailHint')}
          maxLength={CUSTOMER_LIMITS.email}
          autoComplete="off"
          data-testid="customer-email"
          {...form.getInputProps('email')}
        />
        {refusal && !shownAtField && <ErrorAlert>{errorText(refusal)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="customer-submit">
            {customer ? t('customerForm.save') : t('customerForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
