import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  MAX_ACCESS_DAYS,
  MAX_CODE_COURSES,
  MAX_CODE_NOTE,
  MAX_CODE_USES,
  MAX_CODES_PER_BATCH,
} from '../../../../shared/domain/codes/codes';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, QueryState } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { useCourseChoices, useGenerateCodes } from './queries';

type AccessKind = 'days' | 'until' | 'forever';

interface GenerateValues {
  courseIds: string[];
  count: number | string;
  uses: number | string;
  accessKind: AccessKind;
  days: number | string;
  until: string;
  validFrom: string;
  validTo: string;
  note: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The generate dialog of /codes: courses, how many codes, their uses, the access they give, when they are valid. */
export function GenerateDialog({ onClose, onGenerated }: { onClose(): void; onGenerated(batchKey: string): void }) {
  const { t } = useTranslation('codes');
  const courses = useCourseChoices();
  const generate = useGenerateCodes();
  const phone = useMediaQuery('(max-width: 48em)');
  const whole = (min: number, max: number) => (value: number | string) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? null
      : t('admin.form.whole', { min, max });

  const form = useForm<GenerateValues>({
    initialValues: {
      courseIds: [],
      count: 1,
      uses: 1,
      accessKind: 'days',
      days: 365,
      until: '',
      validFrom: '',
      validTo: '',
      note: '',
    },
    validate: {
      courseIds: (ids) => (ids.length === 0 ? t('admin.form.chooseCourse') : null),
      count: whole(1, MAX_CODES_PER_BATCH),
      uses: whole(1, MAX_CODE_USES),
      days: (value, values) => (values.accessKind === 'days' ? whole(1, MAX_ACCESS_DAYS)(value) : null),
      until: (value, values) => {
        if (values.accessKind !== 'until') return null;
        if (!value) return t('admin.form.dateNeeded');
        return value < today() ? t('admin.form.futureDate') : null;
      },
      validTo: (value, values) => {
        if (!value) return null;
        if (value < today()) return t('admin.form.futureDate');
        return values.validFrom && value < values.validFrom ? t('admin.form.toAfterFrom') : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await generate.mutateAsync({
        CourseIds: values.courseIds.map(Number),
        Count: Number(values.count),
        Uses: Number(values.uses),
        AccessDays: values.accessKind === 'days' ? Number(values.days) : null,
        AccessUntil: values.accessKind === 'until' ? values.until : null,
        ValidFrom: values.validFrom || null,
        ValidTo: values.validTo || null,
        Note: values.note.trim(),
      });
      showToast(t('admin.form.generated', { count: answer.data.length }), 'green');
      onGenerated(answer.BatchKey);
    } catch {
      // The alert above the buttons says what went wrong.
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.form.title')}
      centered
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('admin.cancel') }}
    >
      <QueryState query={courses}>
        {(list) => (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <MultiSelect
                label={t('admin.form.courses')}
                description={t('admin.form.coursesHint')}
                data={list.map((course) => ({ value: String(course.Id), label: course.Name }))}
                maxValues={MAX_CODE_COURSES}
                searchable
                required
                data-autofocus
                data-testid="generate-courses"
                {...form.getInputProps('courseIds')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NumberInput
                  label={t('admin.form.count')}
                  description={t('admin.form.countHint')}
                  min={1}
                  max={MAX_CODES_PER_BATCH}
                  allowDecimal={false}
                  required
                  data-testid="generate-count"
                  {...form.getInputProps('count')}
                />
                <NumberInput
                  label={t('admin.form.uses')}
                  description={t('admin.form.usesHint')}
                  min={1}
                  max={MAX_CODE_USES}
                  allowDecimal={false}
                  required
                  data-testid="generate-uses"
                  {...form.getInputProps('uses')}
                />
              </SimpleGrid>
              <Radio.Group label={t('admin.form.accessKind')} {...form.getInputProps('accessKind')}>
                <Group mt="xs" gap="lg">
                  <Radio value="days" label={t('admin.form.accessDays')} />
                  <Radio value="until" label={t('admin.form.accessUntil')} />
                  <Radio value="forever" label={t('admin.form.accessForever')} data-testid="generate-forever" />
                </Group>
              </Radio.Group>
              {form.values.accessKind === 'days' && (
                <NumberInput
                  label={t('admin.form.days')}
                  min={1}
                  max={MAX_ACCESS_DAYS}
                  allowDecimal={false}
                  required
                  data-testid="generate-days"
                  {...form.getInputProps('days')}
                />
              )}
              {form.values.accessKind === 'until' && (
                <TextInput type="date" label={t('admin.form.until')} required {...form.getInputProps('until')} />
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput type="date" label={t('admin.form.validFrom')} {...form.getInputProps('validFrom')} />
                <TextInput type="date" label={t('admin.form.validTo')} {...form.getInputProps('validTo')} />
              </SimpleGrid>
              <Textarea
                label={t('admin.form.note')}
                description={t('admin.form.noteHint')}
                maxLength={MAX_CODE_NOTE}
                autosize
                minRows={1}
                data-testid="generate-note"
                {...form.getInputProps('note')}
              />
              {generate.isError && <ErrorAlert>{errorText(generate.error)}</ErrorAlert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('admin.cancel')}
                </Button>
                <Button type="submit" loading={generate.isPending} data-testid="generate-submit">
                  {t('admin.form.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </QueryState>
    </Modal>
  );
}
