/** Spec section 9: organization search page size. */
export const ORGANIZATION_PAGE_SIZE = 12;

export interface OrganizationSearchParams {
  page: number;
  search: string;
  offset: number;
}

/** Reads the page and free-text search from the URL; bad or missing pages mean page 1. */
export function parseOrganizationSearchParams(params: URLSearchParams): OrganizationSearchParams {
  const requested = Number.parseInt(params.get("page") ?? "", 10);
  const page = Number.isSafeInteger(requested) && requested > 0 ? requested : 1;
  // Spec section 9: the pagination offset is (page - 1) times the page size.
  return { page, search: params.get("search")?.trim() ?? "", offset: (page - 1) * ORGANIZATION_PAGE_SIZE };
}
