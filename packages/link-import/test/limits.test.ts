import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { IMPORT_FORMATS, type ImportRecord, MAX_CSV_ROW_CHARS, parseImport } from "../src";
import { collectRecords, fixturePath, parseFixture } from "./support/collect-records";

const genericRow = (n: number) => `https://acme.co/${n},code${n},Title ${n}\n`;

describe("bounds and broken files", () => {
  it("reads a file with a BOM and CRLF line ends as the same links", async () => {
    const lf = readFileSync(fixturePath("bitly.csv"), "utf8");
    const crlf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lf.replace(/\n/g, "\r\n"))]);
    const records = await collectRecords(parseImport(Readable.from([crlf]), { format: "bitly" }));
    expect(records).toEqual(await parseFixture("bitly.csv", "bitly"));
  });

  it("ends with TOO_MANY_ROWS past maxRows and stops reading the input", async () => {
    let pulled = 0;
    async function* endless() {
      yield "url,alias,name\n";
      for (let n = 1; ; n += 1) {
        pulled += 1;
        yield genericRow(n);
      }
    }
    const records = await collectRecords(parseImport(endless(), { format: "generic", maxRows: 3 }));
    expect(records.map((record) => [record.kind, record.row])).toEqual([
      ["link", 1],
      ["link", 2],
      ["link", 3],
      ["error", 4],
    ]);
    expect(records[3]).toMatchObject({ code: "TOO_MANY_ROWS" });
    // csv-parse reads ahead by a stream buffer at most, never the endless rest.
    expect(pulled).toBeLessThan(100_000);
  });

  it("stops reading the input when the reader stops early", async () => {
    let closed = false;
    async function* endless() {
      try {
        yield "url,alias,name\n";
        for (let n = 1; ; n += 1) yield genericRow(n);
      } finally {
        closed = true;
      }
    }
    let read = 0;
    for await (const record of parseImport(endless(), { format: "generic" })) {
      expect(record.kind).toBe("link");
      read += 1;
      if (read === 2) break;
    }
    expect(closed).toBe(true);
  });

  it("ends with TOO_MANY_ROWS past maxRows in a JSON list", async () => {
    const list = JSON.stringify(
      Array.from({ length: 5 }, (_, n) => ({ slashtag: `s${n}`, destination: `https://acme.co/${n}` })),
    );
    const records = await collectRecords(
      parseImport(Readable.from([list]), { format: "rebrandly", maxRows: 2 }),
    );
    expect(records.map((record) => (record.kind === "error" ? record.code : record.link.code))).toEqual([
      "s0",
      "s1",
      "TOO_MANY_ROWS",
    ]);
  });

  it("ends with FILE_TOO_LARGE past maxBytes, after the rows read before", async () => {
    const chunks = ["url,alias,name\n", ...Array.from({ length: 100 }, (_, n) => genericRow(n + 1))];
    const records = await collectRecords(
      parseImport(Readable.from(chunks), { format: "generic", maxBytes: 500 }),
    );
    const last = records.at(-1);
    expect(last).toMatchObject({ kind: "error", code: "FILE_TOO_LARGE" });
    expect(records.slice(0, -1).every((record) => record.kind === "link")).toBe(true);
    expect(records.length).toBeLessThan(20);
  });

  it("ends with FILE_TOO_LARGE past maxBytes in a JSON list", async () => {
    const list = JSON.stringify(
      Array.from({ length: 200 }, (_, n) => ({ address: `a${n}`, target: `https://acme.co/${n}` })),
    );
    const chunks = [`{"total":200,"data":`, ...list.match(/.{1,50}/g)!, "}"];
    const records = await collectRecords(
      parseImport(Readable.from(chunks), { format: "kutt", maxBytes: 1000 }),
    );
    expect(records.at(-1)).toMatchObject({ kind: "error", code: "FILE_TOO_LARGE" });
    expect(records.filter((record) => record.kind === "link").length).toBeGreaterThan(5);
  });

  it("names the row of a quote never closed, and stops", async () => {
    const csv = 'url,alias,name\nhttps://a.co,a,ok\nhttps://b.co,b,"never closed\nhttps://c.co,c,x\n';
    expect(await collectRecords(parseImport(Readable.from([csv]), { format: "generic" }))).toEqual<
      ImportRecord[]
    >([
      { kind: "link", row: 1, link: { url: "https://a.co/", code: "a", title: "ok", tags: [] } },
      {
        kind: "error",
        row: 2,
        code: "MALFORMED_CSV",
        message: "a quoted cell is never closed; the rest is not read",
      },
    ]);
  });

  it("names the row wider than 64 KB, and stops without holding the rest", async () => {
    const wide = "x".repeat(MAX_CSV_ROW_CHARS + 10);
    const csv = `url,alias,name\nhttps://a.co,a,ok\nhttps://b.co,b,${wide}\nhttps://c.co,c,x\n`;
    const records = await collectRecords(parseImport(Readable.from([csv]), { format: "generic" }));
    expect(records.map((record) => [record.kind, record.row])).toEqual([
      ["link", 1],
      ["error", 2],
    ]);
    expect(records[1]).toMatchObject({ code: "MALFORMED_CSV" });
  });

  it("refuses a row with bytes that are not UTF-8 and goes on, even when a chunk splits a character", async () => {
    const bytes = Buffer.concat([
      Buffer.from("url,alias,name\nhttps://a.co,a,"),
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from("\nhttps://b.co,b,caf"),
      Buffer.from("é\n"),
    ]);
    const chunks = [
      bytes.subarray(0, bytes.length - 2),
      bytes.subarray(bytes.length - 2, bytes.length - 1),
      bytes.subarray(-1),
    ];
    expect(await collectRecords(parseImport(Readable.from(chunks), { format: "generic" }))).toEqual<
      ImportRecord[]
    >([
      { kind: "error", row: 1, code: "INVALID_ENCODING", message: "the row holds bytes that are not UTF-8" },
      { kind: "link", row: 2, link: { url: "https://b.co/", code: "b", title: "café", tags: [] } },
    ]);
  });

  it("refuses a JSON link whose text is not UTF-8 and goes on", async () => {
    const bytes = Buffer.concat([
      Buffer.from('[{"slashtag":"a","destination":"https://a.co","title":"x'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"},{"slashtag":"b","destination":"https://b.co"}]'),
    ]);
    expect(await collectRecords(parseImport(Readable.from([bytes]), { format: "rebrandly" }))).toEqual<
      ImportRecord[]
    >([
      { kind: "error", row: 1, code: "INVALID_ENCODING", message: "the row holds bytes that are not UTF-8" },
      { kind: "link", row: 2, link: { url: "https://b.co/", code: "b", tags: [] } },
    ]);
  });

  it("reports a quote never closed in the header as the file's problem", async () => {
    const records = await collectRecords(
      parseImport(Readable.from(['"url,alias\nhttps://a.co,a\n']), { format: "generic" }),
    );
    expect(records).toEqual([expect.objectContaining({ kind: "error", row: 0, code: "MALFORMED_CSV" })]);
  });

  it("refuses a header that is not the chosen format's, and an empty file", async () => {
    const dub = readFileSync(fixturePath("dub.csv"));
    expect(await collectRecords(parseImport(Readable.from([dub]), { format: "bitly" }))).toEqual([
      expect.objectContaining({ kind: "error", row: 0, code: "MISSING_COLUMNS" }),
    ]);
    expect(await collectRecords(parseImport(Readable.from([""]), { format: "bitly" }))).toEqual([
      expect.objectContaining({ kind: "error", row: 0, code: "EMPTY_FILE" }),
    ]);
    expect(await collectRecords(parseImport(Readable.from(["  \n"]), { format: "kutt" }))).toEqual([
      expect.objectContaining({ kind: "error", row: 0, code: "EMPTY_FILE" }),
    ]);
  });

  it("reports JSON of the wrong shape, a non-object entry and a cut-off document", async () => {
    expect(
      await collectRecords(
        parseImport(Readable.from(['{"message":"Unauthorized"}']), { format: "rebrandly" }),
      ),
    ).toEqual([expect.objectContaining({ kind: "error", row: 0, code: "UNEXPECTED_SHAPE" })]);
    const cut = '[{"slashtag":"a","destination":"https://a.co"}, 42, {"slashtag":"b","destinat';
    const records = await collectRecords(
      parseImport(Readable.from([cut.slice(0, 30), cut.slice(30)]), { format: "rebrandly" }),
    );
    expect(
      records.map((record) => (record.kind === "error" ? [record.row, record.code] : [record.row, "link"])),
    ).toEqual([
      [1, "link"],
      [2, "INVALID_ROW"],
      [3, "MALFORMED_JSON"],
    ]);
  });

  it("never throws on junk, whatever the format", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['"', ",", "\n", "\r", "{", "}", "[", "]", ":", "a", "h", "\u00e9", "/", " ", "\uFEFF"];
    for (const format of IMPORT_FORMATS) {
      for (let round = 0; round < 20; round += 1) {
        const text = Array.from({ length: 200 }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
          "",
        );
        const bytes = Buffer.from(text);
        bytes[Math.floor(random() * bytes.length)] = 0xc3;
        const records = await collectRecords(parseImport(Readable.from([bytes]), { format }));
        for (const record of records) expect(["link", "error"]).toContain(record.kind);
      }
    }
  });
});
