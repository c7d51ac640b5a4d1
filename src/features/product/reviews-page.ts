/** Reviews per page; the first page comes with the product page's data. */
export const REVIEWS_PAGE_SIZE = 5
