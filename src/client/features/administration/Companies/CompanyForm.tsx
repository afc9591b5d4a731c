import { Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetails } from '../../../../shared/contract/administration/companies';
import {
  isOrgNumber,
  isPhoneNumber,
  MAX_COMPANY_NAME,
  MAX_COMPANY_NOTES,
  MAX_CONTACT_NAME,
  MAX_CONTACT_PHONE,
  MAX_ORG_NUMBER,
  MAX_SEATS,
} from '../../../../shared/domain/administration/companies';
import { ApiError } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { useSaveCompany } from './queries';

interface FormValues {
  name: string;
  seats: number | string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  orgNumber: string;
  notes: string;
}

const valuesOf = (company: CompanyDetails | null): FormValues => ({
  name: company?.Name ?? '',
  seats: company?.Seats ?? '',
  contactName: company?.ContactName ?? '',
  contactEmail: company?.ContactEmail ?? '',
  contactPhone: company?.ContactPhone ?? '',
  orgNumber: company?.OrgNumber ?? '',
  notes: company?.Notes ?? '',
});

/** The same light check of an address as the contract's, enough to say so before sending. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * A company's form: name, seats, contact and notes. Checked as the server checks (shared rules) before it is sent;
 * the server's refusals (a taken name, seats below the users, the plan's limit) are shown at their field.
 */
export function CompanyForm({
  company,
  onSaved,
  onDirty,
}: {
  /** Null: a new company. */
  company: CompanyDetails | null;
  onSaved(company: CompanyDetails): void;
  onDirty(dirty: boolean): void;
}) {
  const { t } = useTranslation('companies');
  const save = useSaveCompany();
  const form = useForm<FormValues>({
    initialValues: valuesOf(company),
    validate: {
      name: (value) => (value.trim() === '' ? t('form.nameRequired') : null),
      seats: (value) =>
        value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SEATS)
          ? null
          : t('form.wholeSeats', { max: MAX_SEATS }),
      contactEmail: (value) => (value.trim() === '' || looksLikeEmail(value.trim()) ? null : t('form.invalidEmail')),
      contactPhone: (value) => (value.trim() === '' || isPhoneNumber(value.trim()) ? null : t('form.invalidPhone')),
      orgNumber: (value) => (value.trim() === '' || isOrgNumber(value.trim()) ? null : t('form.invalidOrgNumber')),
    },
  });
  const dirty = form.isDirty();
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        Id: company?.Id ?? 0,
        Name: values.name,
        Seats: values.seats === '' ? null : Number(values.seats),
        ContactName: values.contactName,
        ContactEmail: values.contactEmail.trim(),
        ContactPhone: values.contactPhone,
        OrgNumber: values.orgNumber,
        Notes: values.notes,
        ...(company ? { previousName: company.Name } : {}),
      });
      form.setInitialValues(valuesOf(answer.data));
      form.setValues(valuesOf(answer.data));
      showToast(company ? t('form.saved') : t('form.created', { name: answer.data.Name }), 'green');
      onSaved(answer.data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'NAME_TAKEN') form.setFieldError('name', t('form.nameTaken', { name: values.name.trim() }));
      if (error.code === 'SEATS_EXCEEDED') {
        form.setFieldError('seats', t('form.seatsBelowUsers', { users: Number(error.body.users) }));
      }
    }
  });

  const refusal = save.error;
  const shownAtField = refusal instanceof ApiError && ['NAME_TAKEN', 'SEATS_EXCEEDED'].includes(refusal.code);
  const planLimit = refusal instanceof ApiError && refusal.code === 'PLAN_LIMIT';

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          maxLength={MAX_COMPANY_NAME}
          data-autofocus
          data-testid="company-form-name"
          {...form.getInputProps('name')}
        />
        <NumberInput
          label={t('form.seats')}
          description={t('form.seatsHint')}
          min={1}
          max={MAX_SEATS}
          allowDecimal={false}
          allowNegative={false}
          data-testid="company-form-seats"
          {...form.getInputProps('seats')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.contactName')}
            maxLength={MAX_CONTACT_NAME}
            autoComplete="off"
            {...form.getInputProps('contactName')}
          />
          <TextInput
            type="email"
            label={t('form.contactEmail')}
            maxLength={254}
            autoComplete="off"
            data-testid="company-form-email"
            {...form.getInputProps('contactEmail')}
          />
          <TextInput
            type="tel"
            label={t('form.contactPhone')}
            maxLength={MAX_CONTACT_PHONE}
            autoComplete="off"
            {...form.getInputProps('contactPhone')}
          />
          <TextInput
            label={t('form.orgNumber')}
            description={t('form.orgNumberHint')}
            maxLength={MAX_ORG_NUMBER}
            autoComplete="off"
            {...form.getInputProps('orgNumber')}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.notes')}
          maxLength={MAX_COMPANY_NOTES}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('notes')}
        />
        {refusal && !shownAtField && (
          <ErrorAlert>
            {planLimit
              ? t('form.planLimit', { count: Number(refusal.body.limit) })
              : errorText(refusal, undefined, { Name: t('form.name'), Notes: t('form.notes') })}
          </ErrorAlert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="company-form-submit">
            {company ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
