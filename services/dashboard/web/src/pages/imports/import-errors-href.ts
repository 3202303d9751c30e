/** The relay's address of an import's row errors as CSV (row, code, message). */
export const importErrorsHref = (id: string): string =>
  `/app/api/v1/imports/${encodeURIComponent(id)}/errors.csv`;
