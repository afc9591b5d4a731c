import { useSearchParams } from 'react-router';

/**
 * The page's query parameters, and a change of some of them: each value given replaces its parameter, and null, an
 * empty text or 0 removes it. The change starts from the address as it is now, not as the last render read it, so a
 * search settling while a drawer opens does not put back the address it replaced. It replaces the history entry
 * unless `push` asks for a new one.
 */
export function useAddressChange() {
  const [params, setParams] = useSearchParams();
  const change = (next: Record<string, string | number | null>, push = false) => {
    const merged = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '' || value === 0) merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace: !push });
  };
  return [params, change] as const;
}
