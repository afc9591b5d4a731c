import {
  Button,
  Container,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ProductForm } from '../../../../shared/contract/commerce/products';
import {
  allowedTaxCategories,
  PRODUCT_LIMITS,
  type ProductKind,
  productKinds,
  SLUG_PATTERN,
} from '../../../../shared/domain/commerce/products';
import { type Language, supportedLanguages } from '../../../../shared/domain/language';
import { call } from '../../../app/api';
import { BackLink } from '../../../components/BackLink';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { NotFoundNotice } from '../../../components/Notices';
import { showToast } from '../../../components/toast';
import { commerceKeys } from '../keys';
import { type MediaValues, ProductMedia } from './ProductMedia';
import { ProductSales } from './ProductSales';

interface Values {
  slug: string;
  kind: ProductKind;
  texts: Record<Language, { Name: string; Description: string }>;
  /** Euros, as typed. */
  price: number | string;
  forever: boolean;
  accessMonths: number | string;
  sessions: number | string;
  courseIds: string[];
  published: boolean;
  studentBenefit: boolean;
  sortOrder: number | string;
  externalUrl: string;
  media: MediaValues;
}

const blank: ProductForm = {
  Id: 0,
  Slug: '',
  Kind: 'course',
  Texts: {},
  PriceCents: 0,
  TaxCategory: 'electronic',
  AccessMonths: null,
  CoachingSessions: null,
  CourseIds: [],
  Published: false,
  StudentBenefit: false,
  SortOrder: 0,
  ExternalUrl: null,
  ImageId: null,
  ImageUrl: null,
  Files: [],
  Archived: false,
};

const valuesOf = (product: ProductForm): Values => ({
  slug: product.Slug,
  kind: product.Kind,
  texts: Object.fromEntries(
    supportedLanguages.map((language) => [
      language,
      { Name: product.Texts[language]?.Name ?? '', Description: product.Texts[language]?.Description ?? '' },
    ]),
  ) as Values['texts'],
  price: product.PriceCents / 100,
  forever: product.AccessMonths === null,
  accessMonths: product.AccessMonths ?? 12,
  sessions: product.CoachingSessions ?? 4,
  courseIds: product.CourseIds.map(String),
  published: product.Published,
  studentBenefit: product.StudentBenefit,
  sortOrder: product.SortOrder,
  externalUrl: product.ExternalUrl ?? '',
  media: {
    imageId: product.ImageId,
    imageUrl: product.ImageUrl,
    files: product.Files.map((file) => ({ mediaId: file.MediaId, name: file.Name, bytes: file.Bytes })),
  },
});

/** /productlist/:product_id (staff): a product's editor, in both languages; 0 (or no number) makes a new one. */
export default function ProductEditPage() {
  const { t } = useTranslation('commerce');
  const { product_id } = useParams();
  const productId = /^\d+$/.test(product_id ?? '') ? Number(product_id) : 0;
  const form = useQuery({
    queryKey: commerceKeys.form(productId),
    queryFn: async () => (await call('products.php', 'get_product_admin', { ProductId: productId })).Product,
    enabled: productId > 0,
    retry: (count, error) => !isMissing(error) && count < 2,
  });
  const courses = useQuery({
    queryKey: commerceKeys.courses,
    queryFn: async () =>
      (await call('course_manager.php', 'get_courses', {})).data.filter((course) => !course.Archived),
  });

  const body =
    productId > 0 && isMissing(form.error) ? (
      <NotFoundNotice
        title={t('admin.notFound')}
        text={t('admin.notFoundText')}
        link={{ to: '/productlist', label: t('admin.title') }}
        mt="md"
      />
    ) : form.isError || courses.isError ? (
      <LoadError mt="md" />
    ) : (productId > 0 && !form.data) || !courses.data ? (
      <Loading />
    ) : (
      <Editor
        key={productId}
        product={form.data ?? blank}
        courses={courses.data.map((course) => ({ value: String(course.Id), label: course.Name }))}
      />
    );
  return (
    <Container size="md" py="xl">
      <BackLink to="/productlist">{t('admin.title')}</BackLink>
      {body}
      {productId > 0 && form.data && <ProductSales productId={productId} />}
    </Container>
  );
}

function Editor({ product, courses }: { product: ProductForm; courses: { value: string; label: string }[] }) {
  const { t } = useTranslation('commerce');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>('en');
  const [failure, setFailure] = useState<string | null>(null);
  const [archived, setArchived] = useState(product.Archived);
  const creating = product.Id === 0;
  const form = useForm<Values>({
    initialValues: valuesOf(product),
    validate: {
      slug: (value) => (SLUG_PATTERN.test(value.trim()) ? null : t('admin.slugRule')),
      texts: (value) => (Object.values(value).some((text) => text.Name.trim() !== '') ? null : t('admin.nameRequired')),
      courseIds: (value, values) =>
        values.kind === 'course' && value.length !== 1
          ? t('admin.oneCourse')
          : values.kind === 'bundle' && value.length < 2
            ? t('admin.twoCourses')
            : null,
    },
  });
  const v = form.values;

  const save = form.onSubmit(async (values) => {
    setFailure(null);
    const texts = Object.fromEntries(
      Object.entries(values.texts).filter(([, text]) => text.Name.trim() !== ''),
    ) as ProductForm['Texts'];
    const gives = values.kind === 'course' || values.kind === 'bundle';
    try {
      const saved = await call('products.php', 'save_product', {
        Product: {
          Id: product.Id,
          Slug: values.slug.trim(),
          Kind: values.kind,
          Texts: texts,
          PriceCents: Math.round(Number(values.price) * 100),
          TaxCategory: allowedTaxCategories[values.kind][0] ?? 'electronic',
          AccessMonths: values.forever || values.kind === 'coaching' ? null : Number(values.accessMonths),
          CoachingSessions: values.kind === 'coaching' ? Number(values.sessions) : null,
          CourseIds: gives ? values.courseIds.map(Number) : [],
          Published: values.published,
          StudentBenefit: values.studentBenefit,
          SortOrder: Number(values.sortOrder) || 0,
          ExternalUrl: values.externalUrl.trim() || null,
          ImageId: values.media.imageId,
          Files:
            values.kind === 'samples'
              ? values.media.files.map((file) => ({ MediaId: file.mediaId, Name: file.name.trim() || 'file' }))
              : [],
        },
      });
      form.resetDirty();
      await queryClient.invalidateQueries({ queryKey: ['commerce'] });
      showToast(t('admin.saved'), 'green');
      if (creating) navigate(`/productlist/${saved.Id}`, { replace: true });
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  const toggleArchived = async () => {
    setFailure(null);
    try {
      await call('products.php', 'set_product_archived', { ProductId: product.Id, Archived: !archived });
      setArchived(!archived);
      await queryClient.invalidateQueries({ queryKey: ['commerce'] });
      showToast(t(archived ? 'admin.restored' : 'admin.archivedDone'), 'green');
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <form onSubmit={save} noValidate data-testid="product-editor">
      <Stack gap="md" mt="md">
        <Title order={1}>
          {creating
            ? t('admin.newTitle')
            : t('admin.editTitle', { name: product.Texts.en?.Name ?? product.Texts.sv?.Name ?? product.Slug })}
        </Title>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <SegmentedControl
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={supportedLanguages.map((each) => ({ value: each, label: t(`admin.languages.${each}`) }))}
          aria-label={t('admin.language')}
          style={{ alignSelf: 'flex-start' }}
          data-testid="product-language"
        />
        <TextInput
          key={`name-${language}`}
          label={t('admin.name')}
          lang={language}
          maxLength={PRODUCT_LIMITS.name}
          {...form.getInputProps(`texts.${language}.Name`)}
          error={form.errors.texts}
          data-testid="product-name"
        />
        <Textarea
          key={`description-${language}`}
          label={t('admin.description')}
          lang={language}
          autosize
          minRows={3}
          maxLength={PRODUCT_LIMITS.description}
          {...form.getInputProps(`texts.${language}.Description`)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.slug')}
            description={t('admin.slugHint')}
            maxLength={PRODUCT_LIMITS.slug}
            {...form.getInputProps('slug')}
          />
          <NativeSelect
            label={t('admin.kind')}
            description={t(`admin.tax.${allowedTaxCategories[v.kind][0] ?? 'electronic'}`)}
            data={productKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            {...form.getInputProps('kind')}
          />
          <NumberInput
            label={t('admin.priceLabel')}
            description={t('admin.priceHint')}
            min={0}
            max={PRODUCT_LIMITS.priceCents / 100}
            decimalScale={2}
            fixedDecimalScale
            prefix="€ "
            {...form.getInputProps('price')}
            data-testid="product-price-input"
          />
          {v.kind === 'coaching' ? (
            <NumberInput
              label={t('admin.sessions')}
              min={1}
              max={PRODUCT_LIMITS.coachingSessions}
              allowDecimal={false}
              {...form.getInputProps('sessions')}
            />
          ) : (
            <Stack gap={6}>
              <Switch label={t('admin.forever')} {...form.getInputProps('forever', { type: 'checkbox' })} />
              {!v.forever && (
                <NumberInput
                  label={t('admin.months')}
                  min={1}
                  max={PRODUCT_LIMITS.accessMonths}
                  allowDecimal={false}
                  {...form.getInputProps('accessMonths')}
                />
              )}
            </Stack>
          )}
        </SimpleGrid>
        {(v.kind === 'course' || v.kind === 'bundle') && (
          <MultiSelect
            label={t('admin.courses')}
            data={courses}
            searchable
            maxValues={v.kind === 'course' ? 1 : PRODUCT_LIMITS.courses}
            {...form.getInputProps('courseIds')}
          />
        )}
        <ProductMedia
          productId={product.Id}
          samples={v.kind === 'samples'}
          value={v.media}
          onChange={(media) => form.setFieldValue('media', media)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('admin.order')} min={0} allowDecimal={false} {...form.getInputProps('sortOrder')} />
          <TextInput
            label={t('admin.externalUrl')}
            description={t('admin.externalUrlHint')}
            type="url"
            {...form.getInputProps('externalUrl')}
          />
        </SimpleGrid>
        <Group>
          <Switch label={t('admin.publishedSwitch')} {...form.getInputProps('published', { type: 'checkbox' })} />
          <Switch
            label={t('admin.studentBenefitSwitch')}
            {...form.getInputProps('studentBenefit', { type: 'checkbox' })}
          />
        </Group>
        <Group justify="space-between">
          {!creating ? (
            <Button variant="default" onClick={toggleArchived} data-testid="product-archive">
              {t(archived ? 'admin.restore' : 'admin.archive')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" data-testid="product-save">
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
