import type { TaxCategory } from '../commerce/products';
import type { Language } from '../language';

/** The seller: a Swedish company, registered for VAT in Sweden and for the EU's One-Stop Shop (OSS). */
export const SELLER_COUNTRY = 'SE';

/** A standard VAT rate in basis points (25 % = 2500) and the day it applies from. */
export interface VatRateEntry {
  from: string;
  rateBp: number;
}

/**
 * The standard VAT rate of every EU member state, oldest first: a change of rate is a new entry with the day it
 * applies from, so an old invoice keeps the rate of its own day. The tables start on 1 July 2021, the day the
 * One-Stop Shop began; the shop sold nothing before it. Greece is `GR` here, as in ISO 3166 (VIES says `EL`).
 */
export const STANDARD_VAT_RATES = {
  AT: [{ from: '2021-07-01', rateBp: 2000 }],
  BE: [{ from: '2021-07-01', rateBp: 2100 }],
  BG: [{ from: '2021-07-01', rateBp: 2000 }],
  CY: [{ from: '2021-07-01', rateBp: 1900 }],
  CZ: [{ from: '2021-07-01', rateBp: 2100 }],
  DE: [{ from: '2021-07-01', rateBp: 1900 }],
  DK: [{ from: '2021-07-01', rateBp: 2500 }],
  EE: [
    { from: '2021-07-01', rateBp: 2000 },
    { from: '2024-01-01', rateBp: 2200 },
    { from: '2025-07-01', rateBp: 2400 },
  ],
  ES: [{ from: '2021-07-01', rateBp: 2100 }],
  FI: [
    { from: '2021-07-01', rateBp: 2400 },
    { from: '2024-09-01', rateBp: 2550 },
  ],
  FR: [{ from: '2021-07-01', rateBp: 2000 }],
  GR: [{ from: '2021-07-01', rateBp: 2400 }],
  HR: [{ from: '2021-07-01', rateBp: 2500 }],
  HU: [{ from: '2021-07-01', rateBp: 2700 }],
  IE: [{ from: '2021-07-01', rateBp: 2300 }],
  IT: [{ from: '2021-07-01', rateBp: 2200 }],
  LT: [{ from: '2021-07-01', rateBp: 2100 }],
  LU: [
    { from: '2021-07-01', rateBp: 1700 },
    // A temporary cut for 2023 only.
    { from: '2023-01-01', rateBp: 1600 },
    { from: '2024-01-01', rateBp: 1700 },
  ],
  LV: [{ from: '2021-07-01', rateBp: 2100 }],
  MT: [{ from: '2021-07-01', rateBp: 1800 }],
  NL: [{ from: '2021-07-01', rateBp: 2100 }],
  PL: [{ from: '2021-07-01', rateBp: 2300 }],
  PT: [{ from: '2021-07-01', rateBp: 2300 }],
  RO: [
    { from: '2021-07-01', rateBp: 1900 },
    { from: '2025-08-01', rateBp: 2100 },
  ],
  SE: [{ from: '2021-07-01', rateBp: 2500 }],
  SI: [{ from: '2021-07-01', rateBp: 2200 }],
  SK: [
    { from: '2021-07-01', rateBp: 2000 },
    { from: '2025-01-01', rateBp: 2300 },
  ],
} as const satisfies Record<string, readonly VatRateEntry[]>;

export type EuCountry = keyof typeof STANDARD_VAT_RATES;

/** The 27 member states, in alphabetical order of their ISO codes. */
export const EU_COUNTRIES: readonly EuCountry[] = (Object.keys(STANDARD_VAT_RATES) as EuCountry[]).sort();

export const isEuCountry = (code: string): code is EuCountry => Object.hasOwn(STANDARD_VAT_RATES, code);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A member state's standard rate on a day (`YYYY-MM-DD`); throws outside the EU or before the table starts. */
export function standardRateBp(country: string, date: string): number {
  if (!isEuCountry(country)) throw new RangeError(`Not an EU member state: ${country}`);
  if (!DAY_PATTERN.test(date)) throw new RangeError(`Not a day (YYYY-MM-DD): ${date}`);
  // ISO days compare as strings; the last entry that has begun is the one in force.
  const entry = STANDARD_VAT_RATES[country].findLast((candidate) => candidate.from <= date);
  if (!entry) throw new RangeError(`No VAT rate of ${country} on ${date}`);
  return entry.rateBp;
}

/**
 * The body of each member state's VAT number after its prefix, as VIES describes the formats. A format check only:
 * whether the number is registered is VIES's to say.
 */
const VAT_NUMBER_BODIES: Readonly<Record<EuCountry, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  // Two check characters (letters other than I and O, or digits), then the 9-digit SIREN.
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  // Seven digits and one or two letters, or the old form with a letter or + or * second.
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  // The organisation number and 01.
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT number's prefix: the country's ISO code, except Greece's `EL`. */
export const vatNumberPrefix = (country: EuCountry): string => (country === 'GR' ? 'EL' : country);

/** A VAT number as typed, in capitals without spaces, dots or dashes of any kind: `se 5560-3607 9301` → `SE556036079301`. */
export const normaliseVatNumber = (value: string): string => value.replace(/[\s.\-‐‑‒–—−]/g, '').toUpperCase();

/** Whether a VAT number has the form of one of the member state's: its prefix, then a body of the right shape. */
export function vatNumberFormatValid(country: string, vatNumber: string): boolean {
  const code = country.trim().toUpperCase();
  if (!isEuCountry(code)) return false;
  const normalised = normaliseVatNumber(vatNumber);
  const prefix = vatNumberPrefix(code);
  return normalised.startsWith(prefix) && VAT_NUMBER_BODIES[code].test(normalised.slice(prefix.length));
}

/** A Swedish organisation number: 10 digits (`5560360793` or `556036-0793`), the last a Luhn check digit. */
export function orgNumberValid(value: string): boolean {
  const match = /^(\d{6})-?(\d{4})$/.exec(value.trim());
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    // Every other digit from the first is doubled; a two-digit product counts as the sum of its digits.
    const product = Number(digits[index]) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

export type VatTreatment = 'domestic' | 'oss' | 'reverse_charge' | 'outside_eu';

/** Why a sale is taxed as it is, for the invoice's record and for support. */
export type VatReason =
  | 'se-customer'
  | 'eu-company-reverse-charge'
  | 'eu-consumer-electronic'
  | 'eu-consumer-electronic-below-threshold'
  | 'eu-consumer-live'
  | 'outside-eu-company'
  | 'outside-eu-consumer-electronic'
  | 'outside-eu-consumer-live';

/** The buyer as VAT sees her: a consumer or a company, where she lives, and her VAT number if she gave one. */
export interface VatCustomer {
  kind: 'consumer' | 'company';
  country: string;
  vatNumber: string | null;
}

/** The VAT of a sale: how it is treated, whose VAT applies (SE for domestic, else the buyer's country), at what rate. */
export interface VatDecision {
  treatment: VatTreatment;
  country: string;
  rateBp: number;
  reason: VatReason;
}

/**
 * The VAT of a sale by a Swedish seller. A buyer in Sweden pays Swedish VAT. An EU company with a well-formed VAT
 * number accounts for the VAT itself (reverse charge); without one it is a consumer. An EU consumer pays her own
 * country's VAT on electronic services through the OSS (Swedish VAT while the seller stays below the EU's
 * 10,000 € threshold), and Swedish VAT on live coaching, taxed where the supplier is (art. 45 of the VAT directive).
 * Outside the EU a company's purchase is taxed where it is (art. 44), as is a consumer's electronic service; live
 * coaching to a consumer stays Swedish (art. 45).
 */
export function decideVat(input: {
  customer: VatCustomer;
  category: TaxCategory;
  date: string;
  swedishVatBelowThreshold: boolean;
}): VatDecision {
  const { customer, category, date, swedishVatBelowThreshold } = input;
  const country = customer.country.trim().toUpperCase();
  // Greece's VAT prefix is no country code: taking it for one would sell to Greece outside the EU.
  if (!/^[A-Z]{2}$/.test(country) || country === 'EL') throw new RangeError(`Not an ISO country code: ${country}`);
  const domestic = (reason: VatReason): VatDecision => ({
    treatment: 'domestic',
    country: SELLER_COUNTRY,
    rateBp: standardRateBp(SELLER_COUNTRY, date),
    reason,
  });

  if (country === SELLER_COUNTRY) return domestic('se-customer');
  if (isEuCountry(country)) {
    if (customer.kind === 'company' && customer.vatNumber !== null && vatNumberFormatValid(country, customer.vatNumber))
      return { treatment: 'reverse_charge', country, rateBp: 0, reason: 'eu-company-reverse-charge' };
    if (category === 'live') return domestic('eu-consumer-live');
    if (swedishVatBelowThreshold) return domestic('eu-consumer-electronic-below-threshold');
    return { treatment: 'oss', country, rateBp: standardRateBp(country, date), reason: 'eu-consumer-electronic' };
  }
  if (customer.kind === 'company') return { treatment: 'outside_eu', country, rateBp: 0, reason: 'outside-eu-company' };
  if (category === 'live') return domestic('outside-eu-consumer-live');
  return { treatment: 'outside_eu', country, rateBp: 0, reason: 'outside-eu-consumer-electronic' };
}

/** What an invoice under reverse charge must say instead of charging VAT. */
export const REVERSE_CHARGE_TEXT: Readonly<Record<Language, string>> = {
  en: 'Reverse charge, Article 196 Council Directive 2006/112/EC',
  sv: 'Omvänd betalningsskyldighet, artikel 196 i rådets direktiv 2006/112/EG',
};

/** What an invoice of a sale taxed outside the EU says instead of charging VAT. */
export const OUTSIDE_EU_TEXT: Readonly<Record<Language, string>> = {
  en: 'Outside the scope of EU VAT',
  sv: 'Tjänsten är inte skattepliktig i Sverige (omsättning utanför EU)',
};
