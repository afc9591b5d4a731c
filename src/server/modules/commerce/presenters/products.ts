import type { ProductSummary } from '../../../../shared/contract/commerce/products';
import { type ProductKind, productKinds } from '../../../../shared/domain/commerce/products';
import type { ProductRow } from '../services/products';

type Texts = Record<string, { Name?: string; Description?: string }>;

function textsOf(row: ProductRow): Texts {
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

export function presentProduct(row: ProductRow, language: string | null): ProductSummary {
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
  };
}
