import type { CallName, CallOf, Contract, EndpointFile } from '../../shared/contract';
import type { CallAnswer, CallData } from '../../shared/contract/define';
import { storageKeys } from '../../shared/domain/storage';
import { storage } from '../storage';

/** The education site this client serves; a deployment may build one client per site. */
export const SITE = (import.meta.env.VITE_SITE as string | undefined) ?? 'main';

/** A failed call: `code` is the server's error_code (or NETWORK), `body` the whole answer. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    // biome-ignore lint/suspicious/noExplicitAny: error answers carry call-specific fields (attempt, locked_until…)
    readonly body: Record<string, any> = {},
  ) {
    super(code);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The shell listens here to sign the user out when the server says the session is dead. */
export const onUnauthorized = (listener: UnauthorizedListener) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

/** Calls `POST /api/backend/<file>` with `req` and `data` as form fields (spec §7), typed by the contract. */
export async function call<F extends EndpointFile, R extends CallName<F>>(
  file: F,
  req: R,
  data: CallData<CallOf<F, R>>,
): Promise<CallAnswer<CallOf<F, R>>> {
  const form = new FormData();
  form.set('req', req);
  form.set('data', JSON.stringify(data));
  const token = storage.get(storageKeys.token);
  let response: Response;
  try {
    response = await fetch(`/api/backend/${file}`, {
      method: 'POST',
      headers: { site: SITE, ...(token ? { Authorization: token } : {}) },
      body: form,
      credentials: 'include',
    });
  } catch {
    throw new ApiError('NETWORK');
  }
  // biome-ignore lint/suspicious/noExplicitAny: the answer is checked against the contract on the server's side
  let body: any;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'SERVER_ERROR' : 'NETWORK');
  }
  if (body?.status === 'UNAUTHORIZED') {
    if (token) for (const listener of unauthorizedListeners) listener();
    throw new ApiError('UNAUTHORIZED', body);
  }
  if (body?.status !== 'OK') throw new ApiError(String(body?.error_code ?? 'SERVER_ERROR'), body ?? {});
  return body;
}

export type { Contract };
