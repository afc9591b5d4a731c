import { z } from 'zod';
import { mediaKinds } from '../../domain/authoring/media';
import {
  allowedTaxCategories,
  PRODUCT_LIMITS,
  productKinds,
  SLUG_PATTERN,
  taxCategories,
} from '../../domain/commerce/products';
import { supportedLanguages } from '../../domain/language';
import { call, endpoint, id, LanguageChoice, noneOr, ok, optionalId } from '../define';

const Kind = z.enum(productKinds);

/** A product's name and description in one language. */
const ProductText = z.object({
  Name: z.string().trim().min(1).max(PRODUCT_LIMITS.name),
  Description: z.string().trim().max(PRODUCT_LIMITS.description).default(''),
});

/** A course a product gives, with the parts a learner will find in it (published ones). */
export const ProductCourse = z.object({
  Id: z.number(),
  Name: z.string(),
  Parts: z.array(z.object({ Id: z.number(), Name: z.string(), Free: z.boolean() })),
});

/** A product as the shop shows it, in the language asked for (else the first it is written in). */
export const ProductSummary = z.object({
  Id: z.number(),
  Slug: z.string(),
  Kind,
  Name: z.string(),
  Description: z.string(),
  /** The language the texts are in. */
  Language: z.string(),
  /** The consumer price in euro cents, VAT included. */
  PriceCents: z.number(),
  Currency: z.literal('EUR'),
  /** Months a purchase gives access; null: for good. */
  AccessMonths: z.number().nullable(),
  CoachingSessions: z.number().nullable(),
  StudentBenefit: z.boolean(),
  /** Sold in the external webshop: its address; the buy button leads there. */
  ExternalUrl: z.string().nullable(),
  /** The product's image: a signed link valid for hours, or null. */
  ImageUrl: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductDetail = ProductSummary.extend({
  Courses: z.array(ProductCourse),
  /** A free part of one of its courses, to try before buying. */
  Preview: z.object({ CourseId: z.number(), PartId: z.number(), Name: z.string() }).nullable(),
  /** Signed in and already holding access to every course it gives. */
  Owned: z.boolean(),
  /** Whether the shop takes payments here (its payment keys are set). */
  ShopOpen: z.boolean(),
  /** A sample pack's files: what a buyer downloads (from My profile), listed for everyone. */
  Files: z.array(z.object({ Name: z.string(), Bytes: z.number(), Kind: z.enum(mediaKinds) })),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** A product as staff edit it: every language, the courses by id, its state. */
export const EditableProduct = z
  .object({
    Id: noneOr(id),
    Slug: z.string().trim().toLowerCase().max(PRODUCT_LIMITS.slug).regex(SLUG_PATTERN, {
      error: 'Lower-case letters, digits and single dashes only',
    }),
    Kind,
    Texts: z
      .partialRecord(z.enum(supportedLanguages), ProductText)
      .refine((texts) => Object.keys(texts).length > 0, { error: 'A name in at least one language' }),
    PriceCents: z.number().int().min(0).max(PRODUCT_LIMITS.priceCents),
    TaxCategory: z.enum(taxCategories),
    /** 0, null or left out: for good. */
    AccessMonths: noneOr(z.number().int().min(1).max(PRODUCT_LIMITS.accessMonths), 'a number of months'),
    /** 0, null or left out: none (every kind but a coaching package). */
    CoachingSessions: noneOr(z.number().int().min(1).max(PRODUCT_LIMITS.coachingSessions), 'a number of sessions'),
    CourseIds: z.array(id).max(PRODUCT_LIMITS.courses).default([]),
    Published: z.boolean().default(false),
    StudentBenefit: z.boolean().default(false),
    SortOrder: z.number().int().min(0).max(100_000).default(0),
    ExternalUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable()
      .default(null),
    /** The product's image (an image uploaded to `ajaxUpload.php`, folder `product`); 0, null or left out: none. */
    ImageId: optionalId,
    /** A sample pack's files, in order: media uploaded to `ajaxUpload.php` (folder `product`), each with its name. */
    Files: z
      .array(z.object({ MediaId: id, Name: z.string().trim().min(1).max(PRODUCT_LIMITS.fileName) }))
      .max(PRODUCT_LIMITS.files)
      .default([]),
  })
  .superRefine((product, ctx) => {
    if (!allowedTaxCategories[product.Kind].includes(product.TaxCategory)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TaxCategory'],
        message:
          product.Kind === 'coaching'
            ? 'Live coaching is not an electronically supplied service'
            : 'A recorded course or a download is an electronically supplied service',
      });
    }
    const courses = new Set(product.CourseIds).size;
    if (product.Kind === 'course' && courses !== 1) {
      ctx.addIssue({ code: 'custom', path: ['CourseIds'], message: 'A course product gives exactly one course' });
    }
    if (product.Kind === 'bundle' && courses < 2) {
      ctx.addIssue({ code: 'custom', path: ['CourseIds'], message: 'A bundle gives two courses or more' });
    }
    if ((product.Kind === 'samples' || product.Kind === 'coaching') && courses > 0) {
      ctx.addIssue({ code: 'custom', path: ['CourseIds'], message: 'Only courses and bundles give courses' });
    }
    if (product.Kind !== 'samples' && product.Files.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['Files'], message: 'Only a sample pack has files' });
    }
    if (product.Kind === 'coaching' && product.CoachingSessions === null) {
      ctx.addIssue({ code: 'custom', path: ['CoachingSessions'], message: 'A coaching package has its sessions' });
    }
    if (product.Kind !== 'coaching' && product.CoachingSessions !== null) {
      ctx.addIssue({ code: 'custom', path: ['CoachingSessions'], message: 'Only a coaching package has sessions' });
    }
  });

/** A product as its editor loads it: every field of `EditableProduct`, and whether it is archived. */
export const ProductForm = z.object({
  Id: z.number(),
  Slug: z.string(),
  Kind,
  Texts: z.partialRecord(z.enum(supportedLanguages), z.object({ Name: z.string(), Description: z.string() })),
  PriceCents: z.number(),
  TaxCategory: z.enum(taxCategories),
  AccessMonths: z.number().nullable(),
  CoachingSessions: z.number().nullable(),
  CourseIds: z.array(z.number()),
  Published: z.boolean(),
  StudentBenefit: z.boolean(),
  SortOrder: z.number(),
  ExternalUrl: z.string().nullable(),
  ImageId: z.number().nullable(),
  ImageUrl: z.string().nullable(),
  Files: z.array(z.object({ MediaId: z.number(), Name: z.string(), Bytes: z.number(), Url: z.string() })),
  Archived: z.boolean(),
});
export type ProductForm = z.infer<typeof ProductForm>;

/** A product in staff's list: its state beside what the shop shows. */
export const ProductListItem = ProductSummary.extend({
  Published: z.boolean(),
  Archived: z.boolean(),
  SortOrder: z.number(),
});

export const products = endpoint('products.php', {
  /** The shop's published products (/products), in their order, of one kind or all; in the language asked for. */
  get_products: call({
    access: 'public',
    reads: true,
    data: z.object({ Kind: Kind.or(z.literal('')).optional(), Language: LanguageChoice.optional() }),
    answer: z.object({ status: ok, Products: z.array(ProductSummary) }),
  }),
  /** The shop's public facts: the external webshop's address (the menu's Webshop and /webshop), or null. */
  get_shop: call({
    access: 'public',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, WebshopUrl: z.string().nullable() }),
  }),
  /** A published product by its slug (/product/:slug); staff see drafts too. Unknown: NOT_FOUND. */
  get_product: call({
    access: 'public',
    reads: true,
    data: z.object({ Slug: z.string().max(PRODUCT_LIMITS.slug), Language: LanguageChoice.optional() }),
    answer: z.object({ status: ok, Product: ProductDetail }),
  }),
  /** Every product of the site, drafts and archived ones too (/productlist). */
  get_product_list: call({
    access: 'staff',
    reads: true,
    data: z.object({ Language: LanguageChoice.optional() }),
    answer: z.object({ status: ok, Products: z.array(ProductListItem) }),
  }),
  /** A product as staff edit it (/productlist/:product_id). */
  get_product_admin: call({
    access: 'staff',
    reads: true,
    data: z.object({ ProductId: id }),
    answer: z.object({ status: ok, Product: ProductForm }),
  }),
  /** Takes a product out of the shop (archived: hidden, kept with its sales) or puts it back. */
  set_product_archived: call({
    access: 'staff',
    data: z.object({ ProductId: id, Archived: z.boolean() }),
    answer: z.object({ status: ok }),
  }),
  /** Creates (Id 0) or changes a product; its slug is unique in the site. */
  save_product: call({
    access: 'staff',
    data: z.object({ Product: EditableProduct }),
    answer: z.object({ status: ok, Id: z.number() }),
  }),
});
