export type HostNameCheck = { ok: true; host: string } | { ok: false; message: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A customer host name as stored: lowercase, IDN converted to punycode, no trailing dot. Refuses
 * schemes, paths, ports, IP addresses, single-label names and malformed labels.
 */
export function normalizeHostName(input: string): HostNameCheck {
  const value = input.trim().toLowerCase().replace(/\.$/, "");
  if (value === "") return { ok: false, message: "domain is required" };
  if (/[/:?#@\s]/.test(value)) {
    return { ok: false, message: "domain must be a bare host name (no scheme, port or path)" };
  }
  let host: string;
  try {
    host = new URL(`http://${value}/`).hostname;
  } catch {
    return { ok: false, message: "domain is not a valid host name" };
  }
  if (host.length > 253) return { ok: false, message: "domain is longer than 253 characters" };
  const labels = host.split(".");
  if (labels.length < 2) return { ok: false, message: "domain needs at least two labels (example.com)" };
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, message: "domain is not a valid host name" };
  }
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, message: "domain must not be an IP address" };
  return { ok: true, host };
}
