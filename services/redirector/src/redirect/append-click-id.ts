/**
 * Adds `svc_click_id=<id>` to the destination for conversion tracking, keeping any fragment at
 * the end. String surgery instead of `new URL` because the destination was validated by link-api
 * and this runs on every tracked redirect.
 */
export function appendClickId(destination: string, clickId: string): string {
  const hash = destination.indexOf("#");
  const base = hash === -1 ? destination : destination.slice(0, hash);
  const fragment = hash === -1 ? "" : destination.slice(hash);
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${separator}svc_click_id=${encodeURIComponent(clickId)}${fragment}`;
}
