import { useParams } from 'react-router';
import ProductEditPage from './ProductEdit/ProductEditPage';
import ProductListPage from './ProductList/ProductListPage';

/**
 * /productlist and /productlist/:product_id in one chunk: the list, or the editor of the product the address names.
 * One entry in the route table keeps the first page's JavaScript within its budget.
 */
export default function ProductAdminPage() {
  const { product_id } = useParams();
  return product_id === undefined ? <ProductListPage /> : <ProductEditPage />;
}
