/** The log's filters, read from and written to the page's URL (dates as the reader's days). */
export interface AuditLogQuery {
  /** An action's id, "" for any. */
  action: string;
  /** The first day shown, YYYY-MM-DD, "" for no bound. */
  from: string;
  /** The last day shown (included), YYYY-MM-DD, "" for no bound. */
  to: string;
  /** Entries per page (the API's 1–100, 50 by default); only the URL sets another. */
  limit: number;
}

export const DEFAULT_LIMIT = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]{1,40}\.[a-z_]{1,40}$/;

const day = (value: string | null): string =>
  value && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? value : "";

export function readAuditLogQuery(params: URLSearchParams): AuditLogQuery {
  const action = params.get("action") ?? "";
  const limit = Number(params.get("limit"));
  return {
    action: ACTION.test(action) ? action : "",
    from: day(params.get("from")),
    to: day(params.get("to")),
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : DEFAULT_LIMIT,
  };
}

/** The start of a day in the reader's time zone, as the ISO instant the API takes. */
const startOfDay = (date: string): string => new Date(`${date}T00:00:00`).toISOString();

/** The start of the day after: the API's end is exclusive, and the last day is shown whole. */
function startOfNextDay(date: string): string {
  const next = new Date(`${date}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** The API's filters for the log and its export: action, start and end (ISO 8601 instants). */
export function auditLogFilters(query: AuditLogQuery): { action?: string; start?: string; end?: string } {
  return {
    ...(query.action ? { action: query.action } : {}),
    ...(query.from ? { start: startOfDay(query.from) } : {}),
    ...(query.to ? { end: startOfNextDay(query.to) } : {}),
  };
}

export const hasAuditLogFilters = (query: AuditLogQuery): boolean =>
  query.action !== "" || query.from !== "" || query.to !== "";

/** Everything the list call depends on, as one string (the data hook reloads when it changes). */
export const auditLogQueryKey = (query: AuditLogQuery): string => JSON.stringify(query);

/** The export's file name, with the filters' days when there are any. */
export function auditLogFileName(query: AuditLogQuery): string {
  const days = [query.from, query.to].filter(Boolean).join("-to-");
  return `audit-log${days ? `-${days}` : ""}.csv`;
}
