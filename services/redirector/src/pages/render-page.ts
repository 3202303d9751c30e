/** The few HTML pages a visitor can see instead of a redirect. Plain, self-contained, no scripts. */

import { PAGE_ICON_HREF } from "@kurz/service-runtime";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${PAGE_ICON_HREF}">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1f2328;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #d8dee4;border-radius:12px;padding:2rem 2.5rem;max-width:26rem;width:100%;box-sizing:border-box}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0}
form{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}
input{font:inherit;padding:.6rem .75rem;border:1px solid #d0d7de;border-radius:8px}
button{font:inherit;padding:.6rem;border:0;border-radius:8px;background:#1f6feb;color:#fff;cursor:pointer}
.error{color:#cf222e}
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export function notFoundPage(): string {
  return layout(
    "Link not found",
    "<h1>Link not found</h1><p>This short link does not exist. Check the address and try again.</p>",
  );
}

export function expiredPage(): string {
  return layout("Link expired", "<h1>This link has expired</h1><p>It is no longer available.</p>");
}

export function unavailablePage(): string {
  return layout(
    "Temporarily unavailable",
    "<h1>Temporarily unavailable</h1><p>This link cannot be opened right now. Please try again in a moment.</p>",
  );
}

export interface PasswordPageOptions {
  /** Path the form posts to (the short link's own path). */
  action: string;
  error?: string;
}

export function passwordPage(options: PasswordPageOptions): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  return layout(
    "Password required",
    `<h1>Password required</h1><p>This link is protected. Enter its password to continue.</p>${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Continue</button>
</form>`,
  );
}

export function tooManyAttemptsPage(retryAfterSeconds: number): string {
  return layout(
    "Too many attempts",
    `<h1>Too many attempts</h1><p>Wait ${retryAfterSeconds} seconds before trying the password again.</p>`,
  );
}
