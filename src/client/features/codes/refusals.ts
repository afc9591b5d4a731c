/** The spec's text (§8) of each refusal of a code the server names, as a key of the `codes` namespace. */
const refusals = {
  INVALID_REQUEST: 'redeem.required',
  INVALID_CODE: 'redeem.invalid',
  CODE_EXPIRED: 'redeem.expired',
  CODE_ALREADY_REDEEMED: 'redeem.alreadyRedeemed',
  ALREADY_HAS_ACCESS: 'redeem.alreadyHasAccess',
  SERVER_ERROR: 'redeem.serverError',
  NETWORK: 'redeem.serverError',
} as const;

type CodeRefusalKey = (typeof refusals)[keyof typeof refusals];

/** The text's key for an error code of a code's redemption; null for one that is no refusal of a code. */
export const codeRefusalKey = (errorCode: string): CodeRefusalKey | null =>
  Object.hasOwn(refusals, errorCode) ? refusals[errorCode as keyof typeof refusals] : null;
