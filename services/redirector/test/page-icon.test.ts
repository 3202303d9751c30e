import { PAGE_ICON_HREF } from "@kurz/service-runtime";
import { describe, expect, it } from "vitest";
import {
  expiredPage,
  notFoundPage,
  passwordPage,
  tooManyAttemptsPage,
  unavailablePage,
} from "../src/pages/render-page";

describe("the redirector's pages", () => {
  it("carry Kurz's icon, on every host (a data: URI: no request for /favicon.ico)", () => {
    const pages = [
      notFoundPage(),
      expiredPage(),
      unavailablePage(),
      tooManyAttemptsPage(30),
      passwordPage({ action: "/secret1" }),
    ];
    for (const page of pages) expect(page).toContain(`<link rel="icon" href="${PAGE_ICON_HREF}">`);
  });
});
