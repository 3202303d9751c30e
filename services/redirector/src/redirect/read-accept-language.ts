import type { IncomingMessage } from "node:http";

/**
 * The Accept-Language header, read only for links whose answer depends on the visitor (the fast
 * path's one pass over the headers skips it). Repeated lines are joined with ", " as Node does.
 */
export function readAcceptLanguage(request: IncomingMessage): string {
  const raw = request.rawHeaders;
  let value = "";
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 15 && name.toLowerCase() === "accept-language") {
      value = value === "" ? (raw[i + 1] as string) : `${value}, ${raw[i + 1]}`;
    }
  }
  return value;
}
