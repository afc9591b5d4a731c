import { type ComponentType, lazy } from 'react';
import { loadNamespaces, type PageNamespace } from './i18n';

/**
 * Every page is its own chunk, so the first page loads only what it shows; its text namespaces are fetched
 * beside the chunk rather than after it (the page would otherwise suspend once more for them).
 */
export const page = <P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: PageNamespace[],
) => lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);
