/**
 * A new id for a question or an option: 12 random hex digits, unlike any id in `taken`. Uses getRandomValues,
 * which (unlike randomUUID) also works on a page served over plain http.
 */
export function newId(taken: Iterable<string> = []): string {
  const used = new Set(taken);
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    if (!used.has(id)) return id;
  }
}
