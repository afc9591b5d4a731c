import type { ProductDetail, ProductForm, ProductSummary } from '../../../../shared/contract/commerce/products';
import { type ProductKind, productKinds, taxCategories } from '../../../../shared/domain/commerce/products';
import { supportedLanguages } from '../../../../shared/domain/language';
import type { ProductFile } from '../services/productMedia';
import type { ProductPage, ProductRow } from '../services/products';

type Texts = Record<string, { Name?: string; Description?: string }>;

export function textsOf(row: ProductRow): Texts {
  try {
    const parsed = JSON.parse(row.texts) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Texts) : {};
  } catch {
    return {};
  }
}

/** A product's texts in the language asked for, else in the first it is written in. */
function textIn(row: ProductRow, language: string | null) {
  const texts = textsOf(row);
  const chosen = (language && texts[language]?.Name ? language : Object.keys(texts)[0]) ?? 'en';
  return { language: chosen, name: texts[chosen]?.Name ?? row.slug, description: texts[chosen]?.Description ?? '' };
}

/** A product's name in a language (else in the first it is written in). */
export const productName = (row: ProductRow, language: string | null): string => textIn(row, language).name;

/** Makes a signed link to a medium of the site (platform/files/media.ts `mediaSigner`). */
export type Signer = (fileId: number) => string;

export function presentProduct(row: ProductRow, language: string | null, sign: Signer): ProductSummary {
  const text = textIn(row, language);
  return {
    Id: row.id,
    Slug: row.slug,
    Kind: productKinds.find((kind) => kind === row.kind) ?? ('course' as ProductKind),
    Name: text.name,
    Description: text.description,
    Language: text.language,
    PriceCents: row.price_cents,
    Currency: 'EUR',
    AccessMonths: row.access_months,
    CoachingSessions: row.coaching_sessions,
    StudentBenefit: row.student_benefit === 1,
    ExternalUrl: row.external_url,
    ImageUrl: row.image_media_id ? sign(row.image_media_id) : null,
  };
}

/** A product as its editor loads it. */
export function presentProductForm(
  row: ProductRow,
  courseIds: number[],
  files: ProductFile[],
  sign: Signer,
): ProductForm {
  const texts = Object.fromEntries(
    Object.entries(textsOf(row))
      .filter(([language]) => (supportedLanguages as readonly string[]).includes(language))
      .map(([language, text]) => [language, { Name: text.Name ?? '', Description: text.Description ?? '' }]),
  );
  return {
    Id: row.id,
    Slug: row.slug,
    Kind: productKinds.find((kind) => kind === row.kind) ?? 'course',
    Texts: texts,
    PriceCents: row.price_cents,
    TaxCategory: taxCategories.find((category) => category === row.tax_category) ?? 'electronic',
    AccessMonths: row.access_months,
    CoachingSessions: row.coaching_sessions,
    CourseIds: courseIds,
    Published: row.published === 1,
    StudentBenefit: row.student_benefit === 1,
    SortOrder: row.sort_order,
    ExternalUrl: row.external_url,
    ImageId: row.image_media_id,
    ImageUrl: row.image_media_id ? sign(row.image_media_id) : null,
    Files: files.map((file) => ({
      MediaId: file.mediaId,
      Name: file.name,
      Bytes: file.bytes,
      Url: sign(file.mediaId),
    })),
    Archived: row.archived_at !== null,
  };
}

/** A product's page: what it is, the courses it gives with their parts, a free part to try, and the viewer's state. */
export function presentProductDetail(
  page: ProductPage,
  language: string | null,
  viewer: { owned: boolean; shopOpen: boolean },
  sign: Signer,
): ProductDetail {
  return {
    ...presentProduct(page.row, language, sign),
    Courses: page.courses.map((course) => ({
      Id: course.id,
      Name: course.name,
      Parts: course.parts.map((part) => ({ Id: part.id, Name: part.name, Free: part.free })),
    })),
    Preview: page.preview && {
      CourseId: page.preview.course.id,
      PartId: page.preview.part.id,
      Name: page.preview.part.name,
    },
    Owned: viewer.owned,
    ShopOpen: viewer.shopOpen,
    Files: page.files.map((file) => ({ Name: file.name, Bytes: file.bytes, Kind: file.kind })),
  };
}
