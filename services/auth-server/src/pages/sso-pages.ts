import { html } from "./html";
import { type PageChrome, renderPage } from "./layout";

const loginHrefOf = (returnTo: string | undefined) =>
  returnTo ? `/auth/login?return_to=${encodeURIComponent(returnTo)}` : "/auth/login";

/** A single sign-on that did not sign the person in: what happened, and the way back. */
export function renderSsoErrorPage(chrome: PageChrome, message: string, returnTo?: string): string {
  return renderPage(
    "Single sign-on failed",
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">Single sign-on failed</h1>
  <div class="alert error" role="alert">${message}</div>
  <p><a href="${loginHrefOf(returnTo)}">Back to log-in</a></p>
</section>`,
  );
}

/**
 * The step between the log-in form and the identity provider. A form's navigation may only
 * redirect to origins its page's CSP form-action lists, and the provider's is not known before
 * the e-mail is: this page (reached by the form) moves on by refresh, and offers the link.
 */
export function renderSsoContinuePage(chrome: PageChrome, authorizationUrl: string): string {
  const provider = new URL(authorizationUrl).host;
  return renderPage(
    "Continue with single sign-on",
    { ...chrome, narrow: true },
    html`<meta http-equiv="refresh" content="0;url=${authorizationUrl}">
<section class="card" aria-labelledby="title">
  <h1 id="title">Continue with single sign-on</h1>
  <p class="lead">Your organisation signs you in at ${provider}.</p>
  <p><a class="button" href="${authorizationUrl}">Continue to ${provider}</a></p>
</section>`,
  );
}
