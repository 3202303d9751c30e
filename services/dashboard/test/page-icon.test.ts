import { readFileSync } from "node:fs";
import { PAGE_ICON_HREF } from "@kurz/service-runtime";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MESSAGE_PAGE_CSP, sendMessagePage } from "../src/web-app/message-page";

/** Kurz's icon is the same data: URI on the web app's page and on the server-rendered ones. */
describe("the dashboard's icon", () => {
  it("is PAGE_ICON_HREF in the web app's index.html", () => {
    const html = readFileSync(new URL("../web/index.html", import.meta.url), "utf8");
    expect(html).toContain(`<link rel="icon" href="${PAGE_ICON_HREF}" />`);
  });

  it("is on the message pages, whose policy lets a data: image load", async () => {
    const app = Fastify();
    app.get("/", (_request, reply) =>
      sendMessagePage(reply, 200, {
        title: "Signed out",
        message: "Bye",
        link: { href: "/app/", label: "Again" },
      }),
    );
    const page = await app.inject({ method: "GET", url: "/" });
    expect(page.body).toContain(`<link rel="icon" href="${PAGE_ICON_HREF}">`);
    expect(MESSAGE_PAGE_CSP).toContain("img-src data:");
    await app.close();
  });
});
