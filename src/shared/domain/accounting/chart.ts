/**
 * The chart of accounts: BAS numbering (the Swedish standard chart), whose first digit is the account's class. A new
 * site's books start with the accounts below; administrators add and rename accounts at /accounting.
 */

/** An account's kind as the reports and the SIE file (#KTYP) read it. */
export type AccountKind = 'asset' | 'liability' | 'income' | 'expense';

export const ACCOUNT_NUMBER = { min: 1000, max: 9999 } as const;
export const ACCOUNT_NAME_MAX = 100;

/** Class 1 assets, 2 equity and liabilities, 3 operating income, 4–7 costs, 8 financial items (80–83 income). */
export function accountKind(account: number): AccountKind {
  const first = Math.floor(account / 1000);
  if (first === 1) return 'asset';
  if (first === 2) return 'liability';
  if (first === 3 || (account >= 8000 && account < 8400)) return 'income';
  return 'expense';
}

/** Balance accounts carry their balance from one year into the next; the others start each year at zero. */
export const isBalanceAccount = (account: number): boolean => account < 3000;

/** The accounts the books post to by themselves. */
export const ACCOUNTS = {
  customerReceivables: 1510,
  disputedReceivables: 1515,
  cardReceivables: 1580,
  bank: 1930,
  paypal: 1940,
  equity: 2081,
  retainedEarnings: 2091,
  outputVatSweden: 2611,
  outputVatOss: 2680,
  vatSettlement: 2650,
  salesSweden: 3041,
  salesOss: 3045,
  salesEuReverseCharge: 3308,
  salesOutsideEu: 3305,
  rounding: 3740,
  exchangeGains: 3960,
  providerFees: 6570,
  exchangeLosses: 7960,
} as const;

/** A new site's chart: the accounts the books post to, and the usual ones of a small Swedish company. */
export const DEFAULT_CHART: readonly { number: number; name: string }[] = [
  { number: 1510, name: 'Kundfordringar' },
  { number: 1515, name: 'Osäkra kundfordringar' },
  { number: 1580, name: 'Fordringar för kontokort och kuponger' },
  { number: 1930, name: 'Företagskonto / checkräkningskonto' },
  { number: 1940, name: 'Övriga bankkonton (PayPal)' },
  { number: 2081, name: 'Aktiekapital' },
  { number: 2091, name: 'Balanserad vinst eller förlust' },
  { number: 2099, name: 'Årets resultat' },
  { number: 2440, name: 'Leverantörsskulder' },
  { number: 2611, name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  { number: 2614, name: 'Utgående moms omvänd betalningsskyldighet, 25 %' },
  { number: 2640, name: 'Ingående moms' },
  { number: 2645, name: 'Beräknad ingående moms på förvärv från utlandet' },
  { number: 2650, name: 'Redovisningskonto för moms' },
  { number: 2680, name: 'Utgående moms, annat EU-land (OSS)' },
  { number: 3041, name: 'Försäljning tjänster inom Sverige, 25 % moms' },
  { number: 3045, name: 'Försäljning tjänster, moms i annat EU-land (OSS)' },
  { number: 3305, name: 'Försäljning tjänster till land utanför EU' },
  { number: 3308, name: 'Försäljning tjänster till annat EU-land' },
  { number: 3740, name: 'Öres- och kronutjämning' },
  { number: 3960, name: 'Valutakursvinster på fordringar och skulder av rörelsekaraktär' },
  { number: 5420, name: 'Programvaror' },
  { number: 6570, name: 'Bankkostnader' },
  { number: 7960, name: 'Valutakursförluster på fordringar och skulder av rörelsekaraktär' },
  { number: 8999, name: 'Årets resultat' },
];
