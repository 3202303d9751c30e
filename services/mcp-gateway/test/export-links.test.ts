import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { EXPORT_LINKS_MAX, exportLinks } from "../src/tools/links/export-links";
import type { ToolClients } from "../src/tools/tool-clients";

/**
 * link-api played by the test (as in start-test-mcp-gateway.ts): ListLinks over `count` links,
 * paged as link-api pages, every request recorded.
 */
function linkApiWith(count: number) {
  const requests: linksV1.ListLinksRequest[] = [];
  const links = Array.from({ length: count }, (_, i) =>
    create(linksV1.LinkSchema, {
      code: `c${i}`,
      shortUrl: `https://kurz.test/c${i}`,
      originalUrl: `https://example.com/${i}`,
      destinationUrl: `https://example.com/${i}`,
      name: i === 0 ? "=cmd()" : `link ${i}, "quoted"`,
      host: "kurz.test",
      tags: ["a", "b"],
      createdAt: timestampFromMs(Date.UTC(2026, 0, 1) + i),
    }),
  );
  const clients = {
    links: {
      async listLinks(request: linksV1.ListLinksRequest) {
        requests.push(request);
        const { page = 1, limit = 10 } = request.page ?? {};
        return create(linksV1.ListLinksResponseSchema, {
          links: links.slice((page - 1) * limit, page * limit),
          page: { page, limit, total: BigInt(count) },
        });
      },
    },
  } as unknown as ToolClients;
  return { clients, requests };
}

describe("exportLinks", () => {
  it("answers every link as CSV a real parser reads back, formula cells prefixed with '", async () => {
    const { clients, requests } = linkApiWith(3);
    const result = await exportLinks.run(clients, { tag: "promo" });
    expect(result).toMatchObject({ count: 3, total: 3, truncated: false });
    expect(result.restExport).toBe("GET /api/v1/urls/export?format=csv&tag=promo");
    const rows: Record<string, string>[] = parse(result.csv, { columns: true, record_delimiter: "\r\n" });
    expect(rows.map((r) => [r.code, r.name, r.tags])).toEqual([
      ["c0", "'=cmd()", "a,b"],
      ["c1", 'link 1, "quoted"', "a,b"],
      ["c2", 'link 2, "quoted"', "a,b"],
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      tag: "promo",
      sortBy: linksV1.LinkSort.CREATED_AT,
      order: linksV1.SortOrder.ASC,
    });
  });

  it(`stops at ${EXPORT_LINKS_MAX} links and says so, naming the REST export`, async () => {
    const { clients, requests } = linkApiWith(2_500);
    const result = await exportLinks.run(clients, {});
    expect(result).toMatchObject({ count: EXPORT_LINKS_MAX, total: 2_500, truncated: true });
    expect(result.restExport).toBe("GET /api/v1/urls/export?format=csv");
    const rows: Record<string, string>[] = parse(result.csv, { columns: true });
    expect(rows).toHaveLength(EXPORT_LINKS_MAX);
    expect(rows.at(-1)?.code).toBe(`c${EXPORT_LINKS_MAX - 1}`);
    expect(requests).toHaveLength(EXPORT_LINKS_MAX / 100);
  });
});
