/**
 * Facts about the service's collections that decide what a call can carry: older-interface searches
 * serve 500 records per call, `/v2` pages and `ids` lookups 100, association arrays stop at 100.
 */
export const V1_SEARCH_PAGE = 500;
export const V2_PAGE = 100;
export const V2_IDS_BATCH = 100;
/** The service truncates association arrays at 100 entries. */
export const ASSOCIATION_CAP = 100;
