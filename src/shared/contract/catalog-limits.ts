/** The catalog's list sizes, shared by the server and the browser without the schemas. */

/** Products shown per category on the All Products view. */
export const CATALOG_SECTION_SIZE = 3
