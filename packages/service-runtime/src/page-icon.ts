/**
 * Kurz's icon, for the `<link rel="icon">` of every page Kurz serves (auth-server's pages, the
 * redirector's, the dashboard's): a data: URI, so no page asks for /favicon.ico (a 404 in the
 * console of every page) and the icon shows on any host, branded short domains included. The
 * dashboard's web app carries the same URI in its index.html (a test holds the two equal).
 * Pages whose Content-Security-Policy restricts images allow `img-src data:`.
 */
export const PAGE_ICON_HREF =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%231f6feb'/%3E%3Cpath d='M11 8v16M11 17l9-9M14 14l7 10' stroke='%23fff' stroke-width='3.2' stroke-linecap='round' fill='none'/%3E%3C/svg%3E";
