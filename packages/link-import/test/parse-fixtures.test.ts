import { describe, expect, it } from "vitest";
import type { ImportRecord } from "../src";
import { parseFixture } from "./support/collect-records";

const at = (iso: string) => new Date(iso);

describe("reading each shortener's export", () => {
  it("reads a Bitly CSV: the custom bitlink's domain and code win, tags split and deduplicated", async () => {
    expect(await parseFixture("bitly.csv", "bitly")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://shop.acme.co/spring?utm_source=bitly",
          code: "spring-sale",
          domain: "go.acme.co",
          title: "Spring sale – 20% off",
          tags: ["campaign", "spring", '"vip" list'],
          createdAt: at("2024-03-01T09:15:00Z"),
          clicks: 128,
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://docs.acme.co/guide",
          code: "4kLmNoP",
          domain: "bit.ly",
          title: "Café guide — 東京 ☕",
          tags: ["docs"],
          createdAt: at("2023-11-20T18:00:00Z"),
        },
      },
      {
        kind: "error",
        row: 3,
        code: "INVALID_URL",
        message: "only http and https URLs are imported, not javascript:",
      },
      {
        kind: "link",
        row: 4,
        link: {
          url: "https://example.org/report",
          code: "5wXyZaB",
          domain: "bit.ly",
          tags: [],
          createdAt: at("2024-02-29T23:59:59Z"),
          clicks: 0,
        },
      },
    ]);
  });

  it("reads a Dub CSV: domain and key from the short link, a date that is not one refused", async () => {
    expect(await parseFixture("dub.csv", "dub")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/blog/launch",
          code: "launch",
          domain: "dub.sh",
          tags: ["product", "launch"],
          createdAt: at("2024-02-10T12:00:00Z"),
          clicks: 42,
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/%C3%BCber-uns",
          code: "Über-uns",
          domain: "go.acme.co",
          tags: [],
          createdAt: at("2024-02-11T08:30:00Z"),
          clicks: 0,
        },
      },
      { kind: "error", row: 3, code: "INVALID_URL", message: "not an absolute URL: not a url" },
      { kind: "error", row: 4, code: "INVALID_DATE", message: "not a date: yesterday" },
    ]);
  });

  it("reads a Short.io CSV: path as code, domain lower-cased, other schemes refused", async () => {
    expect(await parseFixture("shortio.csv", "shortio")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/summer?ref=short",
          code: "summer",
          domain: "link.acme.co",
          title: "Summer — Été 2024",
          tags: ["summer", '"quoted" tag'],
          createdAt: at("2024-06-01T10:00:00Z"),
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/faq",
          code: "faq",
          domain: "link.acme.co",
          tags: [],
          createdAt: at("2024-06-02T10:00:00Z"),
        },
      },
      {
        kind: "error",
        row: 3,
        code: "INVALID_URL",
        message: "only http and https URLs are imported, not ftp:",
      },
    ]);
  });

  it("reads a Shlink web client CSV: tags split on | only, visits as clicks, offsets applied", async () => {
    expect(await parseFixture("shlink.csv", "shlink")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/pricing",
          code: "abc12",
          domain: "s.acme.co",
          title: 'The "best" plan',
          tags: ["pricing", "sales, emea"],
          createdAt: at("2024-04-01T08:00:00Z"),
          clicks: 31,
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/docs",
          code: "docs",
          domain: "doma.in",
          title: "Документация",
          tags: [],
          createdAt: at("2024-04-02T11:30:00Z"),
          clicks: 0,
        },
      },
      { kind: "error", row: 3, code: "MISSING_URL", message: "the row has no destination URL" },
    ]);
  });

  it("reads a YOURLS Import-Export CSV: the keyword out of /keyword/, hits as clicks", async () => {
    expect(await parseFixture("yourls.csv", "yourls")).toEqual<ImportRecord[]>([
      { kind: "link", row: 1, link: { url: "http://ozh.org/", code: "ozh", tags: [], clicks: 1543 } },
      {
        kind: "link",
        row: 2,
        link: { url: "https://example.com/search?q=a,b&lang=fr", code: "search", tags: [], clicks: 2 },
      },
      { kind: "error", row: 3, code: "MISSING_URL", message: "the row has no destination URL" },
      {
        kind: "link",
        row: 4,
        link: { url: "https://example.com/cr%C3%A8me-br%C3%BBl%C3%A9e", code: "crème", tags: [] },
      },
    ]);
  });

  it("reads a generic CSV: a formula-like name kept as text, epoch seconds as a date", async () => {
    expect(await parseFixture("generic.csv", "generic")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/a",
          code: "promo",
          domain: "go.acme.co",
          title: '=HYPERLINK("https://evil.example","click me")',
          tags: ["promo", "q1"],
          createdAt: at("2024-01-15T00:00:00Z"),
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/b",
          title: "Ünïcödé title 🚀",
          tags: [],
          createdAt: at("2024-01-15T10:00:00Z"),
        },
      },
      { kind: "error", row: 3, code: "INVALID_DATE", message: "not a date: 2024-13-45" },
      {
        kind: "error",
        row: 4,
        code: "INVALID_URL",
        message: "only http and https URLs are imported, not data:",
      },
    ]);
  });

  it("reads Kutt's link list: the default domain taken from the link, description as title", async () => {
    expect(await parseFixture("kutt.json", "kutt")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/launch",
          code: "launch",
          domain: "k.acme.co",
          title: 'Launch post — ✨ "v2", finally',
          tags: [],
          createdAt: at("2024-02-01T10:00:00Z"),
          clicks: 12,
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/docs?ref=kutt",
          code: "x7Yz",
          domain: "kutt.it",
          tags: [],
          createdAt: at("2024-02-03T08:00:00Z"),
          clicks: 0,
        },
      },
      {
        kind: "error",
        row: 3,
        code: "INVALID_URL",
        message: "only http and https URLs are imported, not javascript:",
      },
    ]);
  });

  it("reads Rebrandly's link list: tag objects by name, the domain from domainName or domain.fullName", async () => {
    expect(await parseFixture("rebrandly.json", "rebrandly")).toEqual<ImportRecord[]>([
      {
        kind: "link",
        row: 1,
        link: {
          url: "https://acme.co/spring",
          code: "spring",
          domain: "rebrand.ly",
          title: 'Spring "VIP" offer, 2024',
          tags: ["campaign", "a, b"],
          createdAt: at("2024-03-01T09:00:00Z"),
          clicks: 9,
        },
      },
      {
        kind: "link",
        row: 2,
        link: {
          url: "https://acme.co/ja/",
          code: "jp",
          domain: "go.acme.link",
          title: "日本語のタイトル",
          tags: [],
          createdAt: at("2024-03-05T00:00:00Z"),
          clicks: 0,
        },
      },
      { kind: "error", row: 3, code: "MISSING_URL", message: "the row has no destination URL" },
    ]);
  });
});
