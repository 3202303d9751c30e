import { PAGE_ICON_HREF } from "@kurz/service-runtime";
import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "../src/pages/html";
import { renderPage } from "../src/pages/layout";

describe("auth-server's pages", () => {
  it("carry Kurz's icon (a data: URI their policy's img-src allows), so no page asks for /favicon.ico", () => {
    const page = renderPage("Log in", { brand: "Kurz", narrow: true }, html`<h1>Log in</h1>`);
    expect(page).toContain(`<link rel="icon" href="${escapeHtml(PAGE_ICON_HREF)}">`);
  });
});
