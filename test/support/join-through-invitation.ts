import type { Page } from "playwright-core";

/**
 * A person opens an invitation's link, signs up there with the invited address (the page's
 * "Create an account" comes back to it), presses Join and lands on the confirmation.
 */
export async function joinThroughInvitation(
  page: Page,
  acceptUrl: string,
  person: { name: string; email: string; workspace: string },
): Promise<void> {
  await page.goto(acceptUrl);
  await page.getByRole("heading", { name: "Join the workspace" }).waitFor();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("button", { name: `Join ${person.workspace}` }).click();
  await page.getByRole("heading", { name: "You joined the workspace" }).waitFor();
}
