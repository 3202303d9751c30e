const numberFormat = new Intl.NumberFormat();

/** A count in the reader's grouping (1,234). */
export const formatNumber = (value: number): string => numberFormat.format(value);

/** A plan limit: null is unlimited, 0 is not part of the plan. */
export function formatLimit(value: number | null): string {
  if (value === null) return "Unlimited";
  if (value === 0) return "Not included";
  return formatNumber(value);
}
