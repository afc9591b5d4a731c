import { describe, expect, it } from 'vitest';
import {
  divRound,
  invoiceTotals,
  mulDivRound,
  netOfGross,
  parseRateE4,
  toOre,
  vatOfGross,
  vatOfNet,
} from '../../src/shared/domain/accounting/money';
import {
  decideVat,
  EU_COUNTRIES,
  isEuCountry,
  normaliseVatNumber,
  OUTSIDE_EU_TEXT,
  orgNumberValid,
  REVERSE_CHARGE_TEXT,
  STANDARD_VAT_RATES,
  standardRateBp,
  type VatCustomer,
  vatNumberFormatValid,
} from '../../src/shared/domain/accounting/vat';

const day = '2026-03-15';
const consumer = (country: string): VatCustomer => ({ kind: 'consumer', country, vatNumber: null });
const company = (country: string, vatNumber: string | null): VatCustomer => ({ kind: 'company', country, vatNumber });
const decide = (customer: VatCustomer, category: 'electronic' | 'live', swedishVatBelowThreshold = false) =>
  decideVat({ customer, category, date: day, swedishVatBelowThreshold });

describe('EU standard VAT rates', () => {
  it('lists the 27 member states in order, Greece as GR', () => {
    expect(EU_COUNTRIES).toEqual([
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
    ]);
    expect(isEuCountry('GR')).toBe(true);
    expect(isEuCountry('EL')).toBe(false);
    expect(isEuCountry('NO')).toBe(false);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry('se')).toBe(false);
  });

  it('keeps every table in order of its days', () => {
    for (const country of EU_COUNTRIES) {
      const days = STANDARD_VAT_RATES[country].map((entry) => entry.from);
      expect(days).toEqual([...days].sort());
    }
  });

  it('knows the rates of 2026', () => {
    const expected: Record<string, number> = {
      AT: 2000,
      BE: 2100,
      BG: 2000,
      CY: 1900,
      CZ: 2100,
      DE: 1900,
      DK: 2500,
      EE: 2400,
      ES: 2100,
      FI: 2550,
      FR: 2000,
      GR: 2400,
      HR: 2500,
      HU: 2700,
      IE: 2300,
      IT: 2200,
      LT: 2100,
      LU: 1700,
      LV: 2100,
      MT: 1800,
      NL: 2100,
      PL: 2300,
      PT: 2300,
      RO: 2100,
      SE: 2500,
      SI: 2200,
      SK: 2300,
    };
    for (const country of EU_COUNTRIES)
      expect([country, standardRateBp(country, day)]).toEqual([country, expected[country]]);
  });

  it('changes a rate on the day the change applies from', () => {
    expect(standardRateBp('FI', '2024-08-31')).toBe(2400);
    expect(standardRateBp('FI', '2024-09-01')).toBe(2550);
    expect(standardRateBp('EE', '2025-06-30')).toBe(2200);
    expect(standardRateBp('EE', '2025-07-01')).toBe(2400);
    expect(standardRateBp('EE', '2023-12-31')).toBe(2000);
    expect(standardRateBp('SK', '2024-12-31')).toBe(2000);
    expect(standardRateBp('SK', '2025-01-01')).toBe(2300);
    expect(standardRateBp('RO', '2025-07-31')).toBe(1900);
    expect(standardRateBp('RO', '2025-08-01')).toBe(2100);
    expect(standardRateBp('LU', '2023-06-30')).toBe(1600);
    expect(standardRateBp('LU', '2024-01-01')).toBe(1700);
  });

  it('refuses a country outside the EU, a day before the tables and a malformed day', () => {
    expect(() => standardRateBp('US', day)).toThrow(RangeError);
    expect(() => standardRateBp('EL', day)).toThrow(RangeError);
    expect(() => standardRateBp('SE', '2021-06-30')).toThrow(RangeError);
    expect(standardRateBp('SE', '2021-07-01')).toBe(2500);
    expect(() => standardRateBp('SE', '2026-3-15')).toThrow(RangeError);
    expect(() => standardRateBp('SE', '2026-03-15T10:00:00Z')).toThrow(RangeError);
  });
});

describe('VAT numbers', () => {
  it('reads a number as typed: capitals, no spaces, dots or dashes', () => {
    expect(normaliseVatNumber(' se 5560–3607.93-01 ')).toBe('SE556036079301');
    expect(normaliseVatNumber('nl123456789b01')).toBe('NL123456789B01');
  });

  it('checks Swedish numbers: SE, 10 digits and 01', () => {
    expect(vatNumberFormatValid('SE', 'SE556036079301')).toBe(true);
    expect(vatNumberFormatValid('SE', 'se 556036-0793 01')).toBe(true);
    expect(vatNumberFormatValid('se', 'SE556036079301')).toBe(true);
    expect(vatNumberFormatValid('SE', 'SE556036079302')).toBe(false);
    expect(vatNumberFormatValid('SE', 'SE55603607930')).toBe(false);
    expect(vatNumberFormatValid('SE', '556036079301')).toBe(false);
  });

  it('checks German numbers: DE and 9 digits', () => {
    expect(vatNumberFormatValid('DE', 'DE123456789')).toBe(true);
    expect(vatNumberFormatValid('DE', 'de 123.456.789')).toBe(true);
    expect(vatNumberFormatValid('DE', 'DE12345678')).toBe(false);
    expect(vatNumberFormatValid('DE', 'DE1234567890')).toBe(false);
    expect(vatNumberFormatValid('DE', 'DE12345678X')).toBe(false);
    expect(vatNumberFormatValid('DE', '123456789')).toBe(false);
  });

  it('checks French numbers: FR, two check characters and the 9-digit SIREN', () => {
    expect(vatNumberFormatValid('FR', 'FR40303265045')).toBe(true);
    expect(vatNumberFormatValid('FR', 'FRXA303265045')).toBe(true);
    expect(vatNumberFormatValid('FR', 'FRIO303265045')).toBe(false);
    expect(vatNumberFormatValid('FR', 'FR4030326504')).toBe(false);
    expect(vatNumberFormatValid('FR', 'FR403032650451')).toBe(false);
  });

  it('checks Dutch numbers: NL, 9 digits, B and 2 digits', () => {
    expect(vatNumberFormatValid('NL', 'NL123456789B01')).toBe(true);
    expect(vatNumberFormatValid('NL', 'nl123456789b01')).toBe(true);
    expect(vatNumberFormatValid('NL', 'NL123456789C01')).toBe(false);
    expect(vatNumberFormatValid('NL', 'NL123456789B1')).toBe(false);
    expect(vatNumberFormatValid('NL', 'NL12345678B01')).toBe(false);
  });

  it('checks Greek numbers under the prefix EL, for the country GR', () => {
    expect(vatNumberFormatValid('GR', 'EL123456789')).toBe(true);
    expect(vatNumberFormatValid('GR', 'GR123456789')).toBe(false);
    expect(vatNumberFormatValid('GR', 'EL12345678')).toBe(false);
    expect(vatNumberFormatValid('EL', 'EL123456789')).toBe(false);
  });

  it('checks Irish numbers: 7 digits and one or two letters, or the old form', () => {
    expect(vatNumberFormatValid('IE', 'IE1234567T')).toBe(true);
    expect(vatNumberFormatValid('IE', 'IE1234567WA')).toBe(true);
    expect(vatNumberFormatValid('IE', 'IE1A23456T')).toBe(true);
    expect(vatNumberFormatValid('IE', 'IE1+23456T')).toBe(true);
    expect(vatNumberFormatValid('IE', 'IE1234567')).toBe(false);
    expect(vatNumberFormatValid('IE', 'IE12345678T')).toBe(false);
    expect(vatNumberFormatValid('IE', 'IE1234567TZ')).toBe(false);
  });

  it('checks Austrian numbers: ATU and 8 digits', () => {
    expect(vatNumberFormatValid('AT', 'ATU12345678')).toBe(true);
    expect(vatNumberFormatValid('AT', 'AT12345678')).toBe(false);
    expect(vatNumberFormatValid('AT', 'ATU1234567')).toBe(false);
    expect(vatNumberFormatValid('AT', 'ATU123456789')).toBe(false);
  });

  it("refuses another country's number and countries outside the EU", () => {
    expect(vatNumberFormatValid('FR', 'DE123456789')).toBe(false);
    expect(vatNumberFormatValid('AT', 'DE123456789')).toBe(false);
    expect(vatNumberFormatValid('US', 'US123456789')).toBe(false);
    expect(vatNumberFormatValid('DE', '')).toBe(false);
  });
});

describe('Swedish organisation numbers', () => {
  it('accepts 10 digits with a right check digit, with or without the dash', () => {
    expect(orgNumberValid('556036-0793')).toBe(true);
    expect(orgNumberValid('5560360793')).toBe(true);
    expect(orgNumberValid('202100-5448')).toBe(true);
  });

  it('refuses a changed digit and other shapes', () => {
    expect(orgNumberValid('556036-0794')).toBe(false);
    expect(orgNumberValid('556036-0893')).toBe(false);
    expect(orgNumberValid('556036079')).toBe(false);
    expect(orgNumberValid('55603-60793')).toBe(false);
    expect(orgNumberValid('16556036-0793')).toBe(false);
    expect(orgNumberValid('55603607AB')).toBe(false);
  });
});

describe('decideVat', () => {
  it('charges Swedish VAT to any buyer in Sweden', () => {
    const expected = { treatment: 'domestic', country: 'SE', rateBp: 2500, reason: 'se-customer' };
    expect(decide(consumer('SE'), 'electronic')).toEqual(expected);
    expect(decide(consumer('SE'), 'live')).toEqual(expected);
    expect(decide(company('SE', 'SE556036079301'), 'electronic')).toEqual(expected);
    expect(decide(company('SE', null), 'live')).toEqual(expected);
  });

  it("charges an EU consumer her own country's VAT on electronic services through the OSS", () => {
    expect(decide(consumer('DE'), 'electronic')).toEqual({
      treatment: 'oss',
      country: 'DE',
      rateBp: 1900,
      reason: 'eu-consumer-electronic',
    });
    expect(decide(consumer('de'), 'electronic')).toMatchObject({ treatment: 'oss', country: 'DE', rateBp: 1900 });
    expect(decide(consumer('GR'), 'electronic')).toMatchObject({ treatment: 'oss', country: 'GR', rateBp: 2400 });
  });

  it('charges Swedish VAT on electronic services while below the EU threshold', () => {
    expect(decide(consumer('DE'), 'electronic', true)).toEqual({
      treatment: 'domestic',
      country: 'SE',
      rateBp: 2500,
      reason: 'eu-consumer-electronic-below-threshold',
    });
  });

  it("takes the rate of the sale's day", () => {
    const on = (date: string) =>
      decideVat({ customer: consumer('FI'), category: 'electronic', date, swedishVatBelowThreshold: false });
    expect(on('2024-08-31')).toMatchObject({ treatment: 'oss', country: 'FI', rateBp: 2400 });
    expect(on('2024-09-01')).toMatchObject({ treatment: 'oss', country: 'FI', rateBp: 2550 });
  });

  it('reverse-charges an EU company with a well-formed VAT number, whatever it buys', () => {
    const expected = { treatment: 'reverse_charge', country: 'DE', rateBp: 0, reason: 'eu-company-reverse-charge' };
    expect(decide(company('DE', 'DE123456789'), 'electronic')).toEqual(expected);
    expect(decide(company('DE', 'de 123 456 789'), 'live')).toEqual(expected);
    expect(decide(company('DE', 'DE123456789'), 'electronic', true)).toEqual(expected);
    expect(decide(company('GR', 'EL123456789'), 'electronic')).toMatchObject({
      treatment: 'reverse_charge',
      country: 'GR',
    });
  });

  it('treats an EU company without a well-formed VAT number as a consumer', () => {
    const oss = { treatment: 'oss', country: 'DE', rateBp: 1900, reason: 'eu-consumer-electronic' };
    expect(decide(company('DE', 'DE12345678'), 'electronic')).toEqual(oss);
    expect(decide(company('DE', null), 'electronic')).toEqual(oss);
    expect(decide(company('DE', 'FR40303265045'), 'electronic')).toEqual(oss);
    expect(decide(company('DE', 'DE12345678'), 'live')).toEqual({
      treatment: 'domestic',
      country: 'SE',
      rateBp: 2500,
      reason: 'eu-consumer-live',
    });
  });

  it('charges Swedish VAT to an EU consumer on live coaching (art. 45)', () => {
    const expected = { treatment: 'domestic', country: 'SE', rateBp: 2500, reason: 'eu-consumer-live' };
    expect(decide(consumer('FR'), 'live')).toEqual(expected);
    expect(decide(consumer('FR'), 'live', true)).toEqual(expected);
    expect(decide(company('FR', 'FR40303265045'), 'live')).toMatchObject({ treatment: 'reverse_charge', rateBp: 0 });
  });

  it('charges no EU VAT outside the EU, except on live coaching to a consumer', () => {
    expect(decide(consumer('US'), 'electronic')).toEqual({
      treatment: 'outside_eu',
      country: 'US',
      rateBp: 0,
      reason: 'outside-eu-consumer-electronic',
    });
    expect(decide(consumer('US'), 'live')).toEqual({
      treatment: 'domestic',
      country: 'SE',
      rateBp: 2500,
      reason: 'outside-eu-consumer-live',
    });
    const outside = { treatment: 'outside_eu', country: 'US', rateBp: 0, reason: 'outside-eu-company' };
    expect(decide(company('US', null), 'electronic')).toEqual(outside);
    expect(decide(company('US', null), 'live')).toEqual(outside);
    expect(decide(consumer('NO'), 'electronic')).toMatchObject({ treatment: 'outside_eu', country: 'NO', rateBp: 0 });
    expect(decide(company('GB', 'GB123456789'), 'live')).toMatchObject({ treatment: 'outside_eu', country: 'GB' });
  });

  it('refuses what is no ISO country code, Greece’s VAT prefix included', () => {
    expect(() => decide(consumer(''), 'electronic')).toThrow(RangeError);
    expect(() => decide(consumer('USA'), 'electronic')).toThrow(RangeError);
    expect(() => decide(consumer('EL'), 'electronic')).toThrow(RangeError);
  });

  it('has the texts an invoice carries instead of VAT', () => {
    expect(REVERSE_CHARGE_TEXT.en).toBe('Reverse charge, Article 196 Council Directive 2006/112/EC');
    expect(REVERSE_CHARGE_TEXT.sv).toBe('Omvänd betalningsskyldighet, artikel 196 i rådets direktiv 2006/112/EG');
    expect(OUTSIDE_EU_TEXT.en).toBe('Outside the scope of EU VAT');
    expect(OUTSIDE_EU_TEXT.sv).toBe('Tjänsten är inte skattepliktig i Sverige (omsättning utanför EU)');
  });
});

describe('money', () => {
  it('rounds a quotient to the nearest integer, halves away from zero', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(5, -2)).toBe(-3);
    expect(divRound(-5, -2)).toBe(3);
    expect(divRound(7, 2)).toBe(4);
    expect(divRound(9, 4)).toBe(2);
    expect(divRound(11, 4)).toBe(3);
    expect(divRound(1, 3)).toBe(0);
    expect(divRound(2, 3)).toBe(1);
    expect(divRound(-1, 3)).toBe(0);
    expect(divRound(10n ** 19n + 5000n, 10000n)).toBe(1_000_000_000_000_001);
    expect(() => divRound(1, 0)).toThrow(RangeError);
    expect(() => divRound(1.5, 1)).toThrow(RangeError);
    expect(() => divRound(2 ** 53, 1)).toThrow(RangeError);
  });

  it('multiplies exactly before dividing', () => {
    // 9,007,199,254,740,991 × 2500 / 10000 = 2,251,799,813,685,247.75
    expect(mulDivRound(Number.MAX_SAFE_INTEGER, 2500, 10000)).toBe(2_251_799_813_685_248);
  });

  it('finds the VAT inside an amount that includes it, and the VAT to add to one without', () => {
    expect(vatOfGross(12500, 2500)).toBe(2500);
    expect(vatOfGross(99, 2500)).toBe(20); // 19.8
    expect(vatOfGross(1000, 1900)).toBe(160); // 159.66
    expect(vatOfGross(4900, 2550)).toBe(996); // 995.62
    expect(netOfGross(4900, 2550)).toBe(3904);
    expect(netOfGross(12500, 2500)).toBe(10000);
    expect(vatOfGross(4900, 0)).toBe(0);
    expect(vatOfNet(10000, 2500)).toBe(2500);
    expect(vatOfNet(33, 2500)).toBe(8); // 8.25
    expect(vatOfNet(2, 2500)).toBe(1); // 0.5
    expect(vatOfNet(-2, 2500)).toBe(-1); // −0.5
    expect(vatOfNet(1999, 1900)).toBe(380); // 379.81
    expect(() => vatOfNet(100, -1)).toThrow(RangeError);
    expect(() => vatOfGross(100, 25.5)).toThrow(RangeError);
  });

  it('loses no cent at 10^12 cents', () => {
    expect(vatOfNet(1_000_000_000_001, 2500)).toBe(250_000_000_000); // 250,000,000,000.25
    expect(vatOfGross(1_000_000_000_003, 2500)).toBe(200_000_000_001); // 200,000,000,000.6
    expect(netOfGross(1_000_000_000_003, 2500)).toBe(800_000_000_002);
  });
});

describe('invoiceTotals', () => {
  const line = (quantity: number, unitCents: number, rateBp: number) => ({ quantity, unitCents, rateBp });

  it('reckons VAT once per rate and shares it out over the lines (prices without VAT)', () => {
    // Each line's 8.25 cents would round to 8 (24 in all); the rate's 24.75 rounds to 25.
    const totals = invoiceTotals([line(1, 33, 2500), line(1, 33, 2500), line(1, 33, 2500)], {
      pricesIncludeVat: false,
    });
    expect(totals).toEqual({
      lines: [
        { netCents: 33, vatCents: 9, grossCents: 42 },
        { netCents: 33, vatCents: 8, grossCents: 41 },
        { netCents: 33, vatCents: 8, grossCents: 41 },
      ],
      perRate: [{ rateBp: 2500, netCents: 99, vatCents: 25 }],
      netCents: 99,
      vatCents: 25,
      totalCents: 124,
    });
  });

  it('reckons VAT once per rate and shares it out over the lines (prices with VAT)', () => {
    // Each line holds 6.6 cents of VAT; the rate's 19.8 rounds to 20, so two lines carry 7.
    const totals = invoiceTotals([line(1, 33, 2500), line(1, 33, 2500), line(1, 33, 2500)], {
      pricesIncludeVat: true,
    });
    expect(totals).toEqual({
      lines: [
        { netCents: 26, vatCents: 7, grossCents: 33 },
        { netCents: 26, vatCents: 7, grossCents: 33 },
        { netCents: 27, vatCents: 6, grossCents: 33 },
      ],
      perRate: [{ rateBp: 2500, netCents: 79, vatCents: 20 }],
      netCents: 79,
      vatCents: 20,
      totalCents: 99,
    });
  });

  it('gives the missing cents to the largest remainders', () => {
    // Shares 0.25, 0.75 and 0.5 of a cent; the rate's 1.5 rounds to 2.
    const totals = invoiceTotals([line(1, 1, 2500), line(1, 3, 2500), line(1, 2, 2500)], { pricesIncludeVat: false });
    expect(totals.lines.map((entry) => entry.vatCents)).toEqual([0, 1, 1]);
    expect(totals.vatCents).toBe(2);
    expect(totals.totalCents).toBe(8);
  });

  it('keeps rates apart, highest first, quantities multiplied', () => {
    const totals = invoiceTotals([line(2, 4900, 2500), line(1, 1999, 1900), line(1, 1000, 2500), line(3, 500, 0)], {
      pricesIncludeVat: false,
    });
    expect(totals).toEqual({
      lines: [
        { netCents: 9800, vatCents: 2450, grossCents: 12250 },
        { netCents: 1999, vatCents: 380, grossCents: 2379 },
        { netCents: 1000, vatCents: 250, grossCents: 1250 },
        { netCents: 1500, vatCents: 0, grossCents: 1500 },
      ],
      perRate: [
        { rateBp: 2500, netCents: 10800, vatCents: 2700 },
        { rateBp: 1900, netCents: 1999, vatCents: 380 },
        { rateBp: 0, netCents: 1500, vatCents: 0 },
      ],
      netCents: 14299,
      vatCents: 3080,
      totalCents: 17379,
    });
  });

  it('takes VAT out of prices that include it, per rate', () => {
    const totals = invoiceTotals([line(1, 4900, 2550), line(1, 1190, 1900)], { pricesIncludeVat: true });
    expect(totals).toEqual({
      lines: [
        { netCents: 3904, vatCents: 996, grossCents: 4900 },
        { netCents: 1000, vatCents: 190, grossCents: 1190 },
      ],
      perRate: [
        { rateBp: 2550, netCents: 3904, vatCents: 996 },
        { rateBp: 1900, netCents: 1000, vatCents: 190 },
      ],
      netCents: 4904,
      vatCents: 1186,
      totalCents: 6090,
    });
  });

  it('loses no cent at 10^12 cents', () => {
    // Each line holds 200,000,000,000.2 cents of VAT; the rate's 600,000,000,000.6 rounds up.
    const totals = invoiceTotals(
      [line(1, 1_000_000_000_001, 2500), line(1, 1_000_000_000_001, 2500), line(1, 1_000_000_000_001, 2500)],
      { pricesIncludeVat: true },
    );
    expect(totals.lines.map((entry) => entry.vatCents)).toEqual([200_000_000_001, 200_000_000_000, 200_000_000_000]);
    expect(totals.lines.map((entry) => entry.netCents)).toEqual([800_000_000_000, 800_000_000_001, 800_000_000_001]);
    expect(totals.perRate).toEqual([{ rateBp: 2500, netCents: 2_400_000_000_002, vatCents: 600_000_000_001 }]);
    expect(totals.totalCents).toBe(3_000_000_000_003);
  });

  it('is empty without lines and refuses amounts it cannot hold exactly', () => {
    expect(invoiceTotals([], { pricesIncludeVat: false })).toEqual({
      lines: [],
      perRate: [],
      netCents: 0,
      vatCents: 0,
      totalCents: 0,
    });
    expect(() => invoiceTotals([line(2 ** 30, 2 ** 30, 2500)], { pricesIncludeVat: false })).toThrow(RangeError);
    expect(() => invoiceTotals([line(1.5, 100, 2500)], { pricesIncludeVat: false })).toThrow(RangeError);
    expect(() => invoiceTotals([line(1, 100, -2500)], { pricesIncludeVat: false })).toThrow(RangeError);
  });
});

describe('SEK', () => {
  it('converts cents to öre at a rate of SEK per euro × 10,000', () => {
    expect(toOre(100, 114825)).toBe(1148); // 1,148.25
    expect(toOre(200, 114825)).toBe(2297); // 2,296.5
    expect(toOre(4900, 114825)).toBe(56264); // 56,264.25
    expect(toOre(-200, 114825)).toBe(-2297);
    expect(toOre(0, 114825)).toBe(0);
    expect(toOre(1_000_000_000_200, 114825)).toBe(11_482_500_002_297); // 11,482,500,002,296.5
    // Here a float product rounds the half down: 5,741,250,000,002,296.5 exactly.
    expect(toOre(500_000_000_000_200, 114825)).toBe(5_741_250_000_002_297);
  });

  it('reads a typed exchange rate', () => {
    expect(parseRateE4('11.4825')).toBe(114825);
    expect(parseRateE4('11,4825')).toBe(114825);
    expect(parseRateE4('11.48')).toBe(114800);
    expect(parseRateE4(' 11.5 ')).toBe(115000);
    expect(parseRateE4('11')).toBe(110000);
    expect(parseRateE4('0.0001')).toBe(1);
    expect(parseRateE4('100')).toBe(1_000_000);
  });

  it('refuses more than four decimals, what is no number, zero and negatives', () => {
    for (const text of [
      '11.48251',
      'abc',
      '',
      '0',
      '0.0000',
      '-11.48',
      '+11',
      '11.',
      '.5',
      '1e3',
      '11,48,25',
      '11 .48',
      '100.0001',
      '999999',
    ])
      expect([text, parseRateE4(text)]).toEqual([text, null]);
  });
});
