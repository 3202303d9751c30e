/**
 * Where a sign-in may send the browser back to: a path of the dashboard itself (its query kept),
 * anything else → `/app/`. Refuses other origins, protocol-relative and backslash forms.
 */
export function dashboardReturnPath(value: unknown): string {
  const fallback = "/app/";
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/app")) return fallback;
  if (value.includes("\\") || value.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://dashboard.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://dashboard.invalid") return fallback;
  if (url.pathname !== "/app" && !url.pathname.startsWith("/app/")) return fallback;
  if (url.pathname.startsWith("/app/api/") || url.pathname.startsWith("/app/auth/")) return fallback;
  return `${url.pathname}${url.search}`;
}
