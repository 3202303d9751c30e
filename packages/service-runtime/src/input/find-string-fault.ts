import { type StringFault, stringFault } from "./string-faults";

export interface StringFaultAt {
  /** Where: `body.name`, `query.search`, `params.code`, `body.tags[2]`. */
  path: string;
  fault: StringFault;
}

const MAX_DEPTH = 64;

/**
 * The first string (keys included) anywhere in a parsed value that breaks the rule of
 * string-faults.ts. Values nested deeper than MAX_DEPTH are reported as faults too: no schema
 * of ours goes that deep, and walking further invites a stack overflow.
 */
export function findStringFault(value: unknown, path: string, depth = 0): StringFaultAt | undefined {
  if (typeof value === "string") {
    const fault = stringFault(value);
    return fault ? { path, fault } : undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  if (depth > MAX_DEPTH) return { path, fault: "nested too deep" };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findStringFault(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value instanceof URLSearchParams) {
    for (const [key, item] of value) {
      const found = findStringFault(key, `${path}.${key}`) ?? findStringFault(item, `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyFault = stringFault(key);
    if (keyFault) return { path: `${path}.<key>`, fault: keyFault };
    const found = findStringFault(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}
