import type { z } from 'zod';
import { contract } from '../../../src/shared/contract';
import type { Access, CallDef, EndpointDef } from '../../../src/shared/contract/define';

/** One call of the contract, as the suite walks them: every endpoint file × every call in it. */
export interface ContractCall {
  file: string;
  req: string;
  access: Access;
  data: z.ZodType;
  /** The endpoint file answers this call when a request carries no `req` (the spec's content endpoints). */
  isDefault: boolean;
  /** The schema of the call the endpoint file answers when a request names none; undefined when there is none. */
  defaultData: z.ZodType | undefined;
  /** `login.php sign_in`, for test names. */
  name: string;
  /** The type of the file the call answers instead of JSON (an export), if it does. */
  fileType?: string;
}

/** Every call in the contract registry; a call added to the contract is in this list without new test code. */
export const everyCall: ContractCall[] = Object.values(contract).flatMap((endpoint) => {
  const e = endpoint as EndpointDef & { file: string };
  return Object.entries(e.calls as Record<string, CallDef>).map(([req, def]) => ({
    file: e.file,
    req,
    access: def.access,
    data: def.data,
    isDefault: e.defaultCall === req,
    defaultData: e.defaultCall ? (e.calls as Record<string, CallDef>)[e.defaultCall]?.data : undefined,
    name: `${e.file} ${req}`,
    ...(def.file ? { fileType: def.file } : {}),
  }));
});
