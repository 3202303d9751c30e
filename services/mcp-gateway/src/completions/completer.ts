import type { ToolClients } from "../tools/tool-clients";

/** The MCP protocol's most values in one completion answer. */
export const MAX_COMPLETION_VALUES = 100;

/** What `completion/complete` answers for one argument: suggestions, best first. */
export interface Completion {
  values: string[];
  /** How many values match in all (more than `values` holds when `hasMore`). */
  total?: number;
  hasMore?: boolean;
}

/**
 * Suggests values for one prompt argument or resource-template variable from what the caller
 * has typed so far, reading the owning service as the caller (clients acting for it).
 */
export type Completer = (clients: ToolClients, typed: string) => Promise<Completion>;

/**
 * `values` ordered for a picker: those beginning with what was typed first (case-insensitive),
 * then the other matches, at most MAX_COMPLETION_VALUES; `total` the service's count of matches.
 */
export function completionOf(values: readonly string[], typed: string, total: number): Completion {
  const lower = typed.toLowerCase();
  const starts = values.filter((value) => value.toLowerCase().startsWith(lower));
  const rest = values.filter((value) => !value.toLowerCase().startsWith(lower));
  const ordered = [...new Set([...starts, ...rest])].slice(0, MAX_COMPLETION_VALUES);
  const all = Math.max(total, ordered.length);
  return { values: ordered, total: all, hasMore: all > ordered.length };
}
