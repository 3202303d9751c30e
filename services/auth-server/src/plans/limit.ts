/** The one value of a Limit that means "no maximum". */
export const UNLIMITED = "unlimited";

/**
 * How many of something a plan allows: a count, where 0 means "not included", or UNLIMITED.
 * The two once shared the value 0, and free accounts could add unlimited branded domains while
 * their plan page said "Not included"; keeping them apart in the type makes every reader choose.
 */
export type Limit = number | typeof UNLIMITED;

/** Whether an account that has `used` of something may add one more. */
export function allowsAnother(limit: Limit, used: number): boolean {
  return limit === UNLIMITED || used < limit;
}

/** The REST (JSON) form: the number, or null for unlimited; 0 stays 0, "not included". */
export function limitToJson(limit: Limit): number | null {
  return limit === UNLIMITED ? null : limit;
}
