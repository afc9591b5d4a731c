/**
 * The codes module: registration codes that share courses (spec §4, §8) — staff generate, list, deactivate and
 * export them; any signed-in user redeems one, which grants access through learning's index. Other modules import
 * only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { codesHandlers } from './api/codes';

export const handlers = {
  'codes.php': codesHandlers,
} satisfies ModuleHandlers;

/** A new random code (80 bits): the demo seed's codes are as unguessable as any. */
export { newCode } from './services/codes';

/** A code a visitor registers with (/register?code=), redeemed in the transaction that makes her account. */
export { type RegistrationCode, registrationCode } from './services/redeem';
