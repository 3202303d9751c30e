import { waitFor } from "@kurz/testing";
import type { Page } from "playwright-core";

/**
 * Waits until the dashboard's live region (the toasts screen readers hear) announces `text`;
 * on time-out the failure names what it announced last.
 */
export function waitForAnnouncement(page: Page, text: string): Promise<string | null> {
  return waitFor(() => page.locator(".toast-region").textContent(), {
    until: (announced) => announced?.includes(text) === true,
    what: `the announcement "${text}"`,
  });
}
