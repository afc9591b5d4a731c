/**
 * Money in whole minor units: euro cents, Swedish öre; rates in basis points (25 % = 2500); exchange rates as SEK
 * per euro × 10,000. Every product is taken in BigInt, so no amount a safe integer holds loses a cent to a float.
 */

/** 100 % in basis points. */
export const FULL_RATE_BP = 10_000;

const asBigInt = (value: number | bigint, name: string): bigint => {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} is not a safe integer: ${value}`);
  return BigInt(value);
};

const toSafeNumber = (value: bigint): number => {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of the safe integer range: ${value}`);
  return result;
};

const absolute = (value: bigint): bigint => (value < 0n ? -value : value);

/** The quotient of two integers rounded to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3). */
export function divRound(numerator: number | bigint, denominator: number | bigint): number {
  const top = asBigInt(numerator, 'numerator');
  const bottom = asBigInt(denominator, 'denominator');
  if (bottom === 0n) throw new RangeError('Division by zero');
  // Half up on the magnitudes, then the sign back: floor((2|n| + |d|) / 2|d|).
  const magnitude = (2n * absolute(top) + absolute(bottom)) / (2n * absolute(bottom));
  return toSafeNumber(top < 0n !== bottom < 0n ? -magnitude : magnitude);
}

/** `round(a × b / denominator)` with the product exact, however large. */
export const mulDivRound = (a: number, b: number, denominator: number): number =>
  divRound(asBigInt(a, 'a') * asBigInt(b, 'b'), denominator);

const checkRate = (rateBp: number): number => {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`Not a rate in basis points: ${rateBp}`);
  return rateBp;
};

/** The VAT inside an amount that includes it: 125.00 € at 25 % holds 25.00 €. */
export const vatOfGross = (grossCents: number, rateBp: number): number =>
  mulDivRound(grossCents, checkRate(rateBp), FULL_RATE_BP + rateBp);

/** The VAT to add to an amount without it: 100.00 € at 25 % adds 25.00 €. */
export const vatOfNet = (netCents: number, rateBp: number): number =>
  mulDivRound(netCents, checkRate(rateBp), FULL_RATE_BP);

/** An amount that includes VAT, without it. */
export const netOfGross = (grossCents: number, rateBp: number): number => grossCents - vatOfGross(grossCents, rateBp);

/** A line of an invoice: its unit price is without VAT, unless the invoice's prices include it. */
export interface InvoiceLineInput {
  quantity: number;
  unitCents: number;
  rateBp: number;
}

export interface InvoiceLineTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface InvoiceRateTotals {
  rateBp: number;
  netCents: number;
  vatCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  /** One entry per rate, highest rate first. */
  perRate: InvoiceRateTotals[];
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** Division rounded down, as BigInt's own rounds toward zero; the remainder is never negative. */
const floorDivMod = (numerator: bigint, denominator: bigint): [bigint, bigint] => {
  const remainder = ((numerator % denominator) + denominator) % denominator;
  return [(numerator - remainder) / denominator, remainder];
};

/**
 * An invoice's amounts. VAT is reckoned once per rate, on the sum of that rate's lines, as the invoice shows it; the
 * VAT shown on each line is that rate's VAT shared out by largest remainder (earlier lines first on a tie), so lines,
 * rates and totals agree to the cent. With prices that include VAT a line's gross is quantity × unit price and its
 * net what is left after its VAT.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineInput[],
  options: { pricesIncludeVat: boolean },
): InvoiceTotals {
  const amounts = lines.map((line) => {
    checkRate(line.rateBp);
    return toSafeNumber(asBigInt(line.quantity, 'quantity') * asBigInt(line.unitCents, 'unitCents'));
  });
  const lineVat = new Array<number>(lines.length).fill(0);
  const rates = [...new Set(lines.map((line) => line.rateBp))].sort((a, b) => b - a);

  const perRate = rates.map((rateBp): InvoiceRateTotals => {
    const indexes = lines.flatMap((line, index) => (line.rateBp === rateBp ? [index] : []));
    const rate = BigInt(rateBp);
    const denominator = BigInt(options.pricesIncludeVat ? FULL_RATE_BP + rateBp : FULL_RATE_BP);
    const sum = toSafeNumber(indexes.reduce((total, index) => total + BigInt(amounts[index] ?? 0), 0n));
    const vatCents = divRound(BigInt(sum) * rate, denominator);

    // Each line's exact share rounded down, then a cent more to the largest remainders until the rate's VAT is met.
    const shares = indexes.map((index, order) => {
      const [floor, remainder] = floorDivMod(BigInt(amounts[index] ?? 0) * rate, denominator);
      return { index, order, floor: Number(floor), remainder };
    });
    let missing = vatCents - shares.reduce((total, share) => total + share.floor, 0);
    const byRemainder = [...shares].sort((a, b) =>
      a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1,
    );
    for (const share of byRemainder) {
      lineVat[share.index] = share.floor + (missing > 0 ? 1 : 0);
      missing -= 1;
    }

    const netCents = options.pricesIncludeVat ? sum - vatCents : sum;
    return { rateBp, netCents, vatCents };
  });

  const lineTotals = amounts.map((amount, index): InvoiceLineTotals => {
    const vatCents = lineVat[index] ?? 0;
    return options.pricesIncludeVat
      ? { netCents: amount - vatCents, vatCents, grossCents: amount }
      : { netCents: amount, vatCents, grossCents: amount + vatCents };
  });
  const netCents = perRate.reduce((total, rate) => total + rate.netCents, 0);
  const vatCents = perRate.reduce((total, rate) => total + rate.vatCents, 0);
  return { lines: lineTotals, perRate, netCents, vatCents, totalCents: netCents + vatCents };
}

/** Euro cents in öre at an exchange rate of SEK per euro × 10,000 (11.4825 SEK = 114825). */
export const toOre = (cents: number, rateE4: number): number => mulDivRound(cents, rateE4, 10_000);

/**
 * An exchange rate as typed (`11.4825`, `11,4825`, `11.48`) as SEK per euro × 10,000; null for anything else: more
 * than four decimals, a sign, zero.
 */
/**
 * The highest SEK-per-EUR rate the books take (100 kr; the krona has stood near 11): with the invoices' own limits
 * (50 lines of at most 10,000 × €1,000,000) every amount in öre stays an exact integer.
 */
export const MAX_RATE_E4 = 1_000_000;

export function parseRateE4(text: string): number | null {
  const match = /^(\d+)(?:[.,](\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const rateE4 = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return Number.isSafeInteger(rateE4) && rateE4 > 0 && rateE4 <= MAX_RATE_E4 ? rateE4 : null;
}
