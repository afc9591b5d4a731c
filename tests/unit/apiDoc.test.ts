import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract';
import type { CallDef, EndpointDef } from '../../src/shared/contract/define';
import { errorStatus } from '../../src/shared/errors';

/**
 * docs/api.md is the reference a client is written from: it must list every endpoint file and call of the contract
 * registry with its access level, and every error code with its HTTP status, and nothing the registry does not
 * have. A call added to the contract without its documentation fails here.
 */
const doc = fs.readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

/** `endpoint file → call → access`, as the document's `### \`file\`` and `#### \`call\` … — \`access\`` headings say. */
function documentedCalls(): Map<string, Map<string, string>> {
  const files = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of doc.split('\n')) {
    const file = /^### `([^`]+)`/.exec(line);
    if (file?.[1]) {
      current = new Map();
      files.set(file[1], current);
      continue;
    }
    const call = /^#### `([^`]+)`.* — `(public|user|staff|admin)`\s*$/.exec(line);
    if (call?.[1] && call[2]) {
      if (!current) throw new Error(`docs/api.md documents ${call[1]} outside an endpoint file`);
      current.set(call[1], call[2]);
    }
  }
  return files;
}

describe('docs/api.md', () => {
  const documented = documentedCalls();
  const registry = new Map(
    (Object.values(contract) as EndpointDef[]).map((endpoint) => [
      endpoint.file,
      new Map(Object.entries(endpoint.calls as Record<string, CallDef>).map(([name, call]) => [name, call.access])),
    ]),
  );

  it('lists every endpoint file and call of the registry with its access level, and no other', () => {
    const asObject = (m: Map<string, Map<string, string>>) =>
      Object.fromEntries([...m].map(([file, calls]) => [file, Object.fromEntries(calls)]));
    expect(asObject(documented)).toEqual(asObject(registry));
  });

  it('lists every error code with its HTTP status, and no other', () => {
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)`\s*\| (\d{3})\s*\|/gm)].map(([, code, status]) => [
      code,
      Number(status),
    ]);
    expect(Object.fromEntries(rows)).toEqual(errorStatus);
  });
});
