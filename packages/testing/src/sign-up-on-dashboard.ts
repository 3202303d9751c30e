import { waitFor } from "./wait-for";

/** What signing up needs of a playwright-core `Page` (this package does not depend on playwright). */
export interface SignUpPage {
  goto(url: string): Promise<unknown>;
  url(): string;
  getByRole(role: "link" | "button", options: { name: string }): { click(): Promise<void> };
  getByLabel(text: string): { fill(value: string): Promise<void> };
  waitForURL(url: RegExp): Promise<void>;
}

export interface SignUpOptions {
  /** The edge's URL (the flow test's Kurz). */
  edgeUrl: string;
  /** The dashboard page opened first, e.g. "/app/qr"; the sign-up brings the person back to it. */
  path: string;
  name: string;
  email: string;
}

/**
 * A new person opens a dashboard page, is sent to sign in, creates an account through the pages
 * and is brought back (through the first-party authorization, no consent page) to that page.
 */
export async function signUpOnDashboard(page: SignUpPage, options: SignUpOptions): Promise<void> {
  await page.goto(`${options.edgeUrl}${options.path}`);
  await waitFor(() => page.url(), {
    until: (url) => url.includes("/auth/login"),
    what: "the sign-in page",
  });
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(options.name);
  await page.getByLabel("Email").fill(options.email);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Create account" }).click();
  const landing = options.path === "/app/" ? "/app/(links)?" : options.path;
  await page.waitForURL(new RegExp(`${landing}$`));
}
