import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { getImportStatus } from "../src/tools/links/get-import-status";
import { importLinks, MCP_IMPORT_MAX_CHARS } from "../src/tools/links/import-links";
import { IMPORT_FORMAT_NAMES } from "../src/tools/links/import-output";
import type { ToolClients } from "../src/tools/tool-clients";
import { inputSchemaOf } from "../src/tools/tool-definition";

const ID = "0193a4c2-7b1e-7c3a-9d1e-2b4c6d8e0f12";

/** link-api played by the test: StartImport and GetImport over one import, requests recorded. */
function linkApiWith(entry: MessageInitShape<typeof linksV1.LinkImportSchema>) {
  const started: linksV1.StartImportRequest[] = [];
  const read: linksV1.GetImportRequest[] = [];
  const answer = create(linksV1.LinkImportSchema, {
    id: ID,
    status: linksV1.ImportStatus.QUEUED,
    format: linksV1.ImportFormat.BITLY,
    onConflict: linksV1.ImportConflict.SKIP,
    createdAt: timestampFromMs(Date.UTC(2026, 0, 1)),
    ...entry,
  });
  const clients = {
    links: {
      async startImport(request: linksV1.StartImportRequest) {
        started.push(request);
        return create(linksV1.StartImportResponseSchema, { import: answer });
      },
      async getImport(request: linksV1.GetImportRequest) {
        read.push(request);
        return create(linksV1.GetImportResponseSchema, { import: answer });
      },
    },
  } as unknown as ToolClients;
  return { clients, started, read };
}

describe("importLinks", () => {
  it("offers REST's formats and sends the file's text with the options to link-api's StartImport", async () => {
    expect(IMPORT_FORMAT_NAMES).toEqual([
      "bitly",
      "dub",
      "shortio",
      "shlink",
      "yourls",
      "kutt",
      "rebrandly",
      "generic",
    ]);
    const { clients, started } = linkApiWith({ dryRun: true, tags: ["imported"] });
    const args = inputSchemaOf(importLinks).parse({
      content: "id,link\nabc,https://bit.ly/abc",
      format: "bitly",
      dry_run: true,
      on_conflict: "suffix",
      tags: ["imported"],
    }) as Parameters<typeof importLinks.run>[1];

    const result = await importLinks.run(clients, args);

    expect(started).toHaveLength(1);
    expect(Buffer.from(started[0]!.content).toString("utf8")).toBe("id,link\nabc,https://bit.ly/abc");
    expect(started[0]).toMatchObject({
      format: linksV1.ImportFormat.BITLY,
      dryRun: true,
      onConflict: linksV1.ImportConflict.SUFFIX,
      tags: ["imported"],
      campaignId: "",
    });
    expect(result.import).toMatchObject({
      id: ID,
      status: "queued",
      format: "bitly",
      dry_run: true,
      on_conflict: "skip",
      progress: { processed: 0, total: 0 },
      created_at: "2026-01-01T00:00:00.000Z",
      finished_at: null,
    });
    expect(result.next).toContain(ID);
  });

  it("leaves the format to detection and conflicts to skip when not given", async () => {
    const { clients, started } = linkApiWith({});
    const args = inputSchemaOf(importLinks).parse({ content: "url\nhttps://example.com" }) as Parameters<
      typeof importLinks.run
    >[1];
    await importLinks.run(clients, args);
    expect(started[0]).toMatchObject({
      format: linksV1.ImportFormat.UNSPECIFIED,
      onConflict: linksV1.ImportConflict.SKIP,
      dryRun: false,
    });
  });

  it(`refuses content over ${MCP_IMPORT_MAX_CHARS} characters, an empty one and an unknown format`, () => {
    const schema = inputSchemaOf(importLinks);
    expect(schema.safeParse({ content: "x".repeat(MCP_IMPORT_MAX_CHARS) }).success).toBe(true);
    expect(schema.safeParse({ content: "x".repeat(MCP_IMPORT_MAX_CHARS + 1) }).success).toBe(false);
    expect(schema.safeParse({ content: "" }).success).toBe(false);
    expect(schema.safeParse({ content: "url\nhttps://a.example", format: "tinyurl" }).success).toBe(false);
  });
});

describe("getImportStatus", () => {
  it("reports progress, counts and the first row errors, with how many more there are", async () => {
    const errors = Array.from({ length: 30 }, (_, i) => ({
      row: i + 1,
      code: "INVALID_URL",
      message: `row ${i + 1}: not a URL`,
    }));
    const { clients, read } = linkApiWith({
      status: linksV1.ImportStatus.COMPLETED,
      total: 100,
      processed: 100,
      created: 70,
      skipped: 0,
      failed: 30,
      errors,
      finishedAt: timestampFromMs(Date.UTC(2026, 0, 1, 0, 1)),
    });

    const result = await getImportStatus.run(clients, { import_id: ID, max_errors: 20 });

    expect(read).toEqual([expect.objectContaining({ id: ID })]);
    expect(result.import).toMatchObject({
      status: "completed",
      progress: { processed: 100, total: 100 },
      created: 70,
      skipped: 0,
      failed: 30,
      finished_at: "2026-01-01T00:01:00.000Z",
    });
    expect(result.errors).toHaveLength(20);
    expect(result.errors[0]).toEqual({ row: 1, code: "INVALID_URL", message: "row 1: not a URL" });
    expect(result.moreErrors).toBe(10);
    expect(result.errorsCsv).toBe(`GET /api/v1/imports/${ID}/errors.csv`);
  });

  it("takes only an import's UUID", () => {
    const schema = inputSchemaOf(getImportStatus);
    expect(schema.safeParse({ import_id: "abc" }).success).toBe(false);
    expect(schema.parse({ import_id: ID })).toEqual({ import_id: ID, max_errors: 20 });
  });
});
