import { api, type ProductSummaryRequest, type ProductSummaryResponse } from '../../../lib/api';

/** POST /api/product-summary {url}: the server reads the website and summarises the product. */
export const fetchProductSummary = (url: string) =>
  api.post<ProductSummaryResponse>('/api/product-summary', { url } satisfies ProductSummaryRequest);
