import { PASSWORD_MIN_LENGTH } from "../accounts/account-input";
import { html } from "./html";
import { csrfField, field, type PageChrome, renderPage } from "./layout";

export interface LoginPageModel {
  csrfToken: string;
  email?: string;
  error?: string | undefined;
  returnTo?: string | undefined;
  /** The application the person is logging in for (authorization flow). */
  appName?: string | undefined;
}

export function renderLoginPage(chrome: PageChrome, model: LoginPageModel): string {
  const signupHref = model.returnTo
    ? `/auth/signup?return_to=${encodeURIComponent(model.returnTo)}`
    : "/auth/signup";
  return renderPage(
    "Log in",
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">Log in</h1>
  <p class="lead">${model.appName ? `to continue to ${model.appName}` : `Welcome back to ${chrome.brand}.`}</p>
  ${model.error ? html`<div class="alert error" role="alert">${model.error}</div>` : ""}
  <form method="post" action="/auth/login" novalidate>
    ${csrfField(model.csrfToken)}
    ${model.returnTo ? html`<input type="hidden" name="return_to" value="${model.returnTo}">` : ""}
    ${field({ name: "email", label: "Email", type: "email", value: model.email ?? "", autocomplete: "username" })}
    ${field({ name: "password", label: "Password", type: "password", autocomplete: "current-password" })}
    <button type="submit" class="full">Log in</button>
    <button type="submit" name="sso" value="1" class="secondary full" formnovalidate>Continue with single sign-on</button>
  </form>
  <p class="switch">New to ${chrome.brand}? <a href="${signupHref}">Create an account</a></p>
</section>`,
  );
}

export interface SignupPageModel {
  csrfToken: string;
  email?: string;
  name?: string;
  errors?: Record<string, string>;
  returnTo?: string | undefined;
}

export function renderSignupPage(chrome: PageChrome, model: SignupPageModel): string {
  const errors = model.errors ?? {};
  const loginHref = model.returnTo
    ? `/auth/login?return_to=${encodeURIComponent(model.returnTo)}`
    : "/auth/login";
  return renderPage(
    "Create your account",
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">Create your account</h1>
  <p class="lead">Short links, QR codes and analytics. Free to start.</p>
  ${errors.form ? html`<div class="alert error" role="alert">${errors.form}</div>` : ""}
  <form method="post" action="/auth/signup" novalidate>
    ${csrfField(model.csrfToken)}
    ${model.returnTo ? html`<input type="hidden" name="return_to" value="${model.returnTo}">` : ""}
    ${field({ name: "name", label: "Name", type: "text", value: model.name ?? "", error: errors.name, autocomplete: "name", required: false })}
    ${field({ name: "email", label: "Email", type: "email", value: model.email ?? "", error: errors.email, autocomplete: "email" })}
    ${field({
      name: "password",
      label: "Password",
      type: "password",
      error: errors.password,
      hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
      autocomplete: "new-password",
    })}
    <button type="submit" class="full">Create account</button>
  </form>
  <p class="switch">Already have an account? <a href="${loginHref}">Log in</a></p>
</section>`,
  );
}

export function renderErrorPage(chrome: PageChrome, title: string, message: string): string {
  return renderPage(
    title,
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">${title}</h1>
  <p class="lead" role="alert">${message}</p>
  <p><a href="${chrome.account ? "/account" : "/auth/login"}">Go to your account</a></p>
</section>`,
  );
}
