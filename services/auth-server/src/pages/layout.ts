import { PAGE_ICON_HREF } from "@kurz/service-runtime";
import { html, type SafeHtml } from "./html";

export const STYLESHEET_PATH = "/auth/assets/kurz.css";

export interface PageChrome {
  /** The brand as people see it ("Kurz"). */
  brand: string;
  /** Signed-in person, for the navigation; undefined on public pages. */
  account?: { email: string } | undefined;
  /** For the log-out form in the navigation. */
  csrfToken?: string | undefined;
  /** Which navigation entry is the current page. */
  current?: "account" | "api-keys" | "apps" | undefined;
  /** Narrow column (log-in, sign-up, consent). */
  narrow?: boolean;
}

export function brandName(prefix: string): string {
  return prefix.charAt(0).toUpperCase() + prefix.slice(1);
}

function navigation(chrome: PageChrome): SafeHtml | undefined {
  if (!chrome.account) return undefined;
  const link = (href: string, label: string, key: PageChrome["current"]) =>
    html`<a href="${href}"${chrome.current === key ? html` aria-current="page"` : ""}>${label}</a>`;
  return html`<nav class="account-nav" aria-label="Account">
    ${link("/account", "Overview", "account")} ${link("/account/api-keys", "API keys", "api-keys")}
    ${link("/account/apps", "Authorized apps", "apps")}
    <form method="post" action="/auth/logout">
      <input type="hidden" name="csrf_token" value="${chrome.csrfToken ?? ""}">
      <button type="submit" class="link">Log out</button>
    </form>
  </nav>`;
}

/** The frame of every page: semantic landmarks, one stylesheet, no scripts. */
export function renderPage(title: string, chrome: PageChrome, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · ${chrome.brand}</title>
<link rel="icon" href="${PAGE_ICON_HREF}">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="top">
  <a class="logo" href="${chrome.account ? "/account" : "/auth/login"}">${chrome.brand}<span>.</span></a>
  ${navigation(chrome)}
</header>
<main id="content" class="${chrome.narrow ? "narrow" : ""}">
${body}
</main>
<footer>${chrome.brand} · Short links, QR codes and analytics</footer>
</body>
</html>`.value;
}

/** A labelled input with its error announced to assistive technology. */
export function field(options: {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  value?: string;
  error?: string | undefined;
  hint?: string;
  autocomplete: string;
  required?: boolean;
}): SafeHtml {
  const id = `field-${options.name}`;
  const described = [options.hint ? `${id}-hint` : "", options.error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return html`<label for="${id}">${options.label}</label>
<input id="${id}" name="${options.name}" type="${options.type}" value="${options.value ?? ""}"
  autocomplete="${options.autocomplete}"${options.required === false ? "" : html` required`}${
    options.error ? html` aria-invalid="true"` : ""
  }${described ? html` aria-describedby="${described}"` : ""}>
${options.hint ? html`<p class="hint" id="${id}-hint">${options.hint}</p>` : ""}
${options.error ? html`<p class="field-error" id="${id}-error">${options.error}</p>` : ""}`;
}

export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}">`;
}
