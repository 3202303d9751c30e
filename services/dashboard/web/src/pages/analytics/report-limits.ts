/** Rows per ranked table: the API is asked for exactly as many as the page shows (and exports). */
export const TABLE_ROWS = 10;
