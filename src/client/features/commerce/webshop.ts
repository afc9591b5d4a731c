import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { commerceKeys } from './keys';

/**
 * The site's external webshop address (`data`: null when it has none): the menu's Webshop item and /webshop lead
 * there. Asked for when first needed, not with the first page.
 */
export const useWebshopUrl = (enabled = true) =>
  useQuery({
    queryKey: commerceKeys.shop,
    queryFn: async () => (await call('products.php', 'get_shop', {})).WebshopUrl,
    enabled,
    staleTime: 60_000,
  });
