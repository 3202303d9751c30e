import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_ROWS, parseImport } from "../src";

const ROWS = DEFAULT_MAX_ROWS;
const MB = 1024 * 1024;

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * What the process holds now: its JavaScript heap and its buffers' memory (file chunks live
 * there), after a full collection. The test file shares its worker with others, so the heap holds
 * their garbage too; only what survives a collection says what the parser keeps.
 */
function heldBytes(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** A Bitly-format export of `rows` rows, made as it is read, ~64 KB per chunk: never whole in memory. */
function generatedBitlyExport(rows: number): Readable {
  async function* chunks() {
    yield "id,link,custom_bitlinks,long_url,title,created_at,tags,clicks\r\n";
    let lines: string[] = [];
    let size = 0;
    for (let n = 1; n <= rows; n += 1) {
      const code = `k${n.toString(36)}`;
      const line = `bit.ly/${code},https://bit.ly/${code},,https://shop.acme.co/products/${n}?utm_source=bitly&utm_campaign=import,"Product ${n}, ""spring"" edition",2024-03-01T09:15:00+0000,"campaign,spring",${n % 1000}\r\n`;
      lines.push(line);
      size += line.length;
      if (size >= 64 * 1024) {
        yield Buffer.from(lines.join(""));
        lines = [];
        size = 0;
      }
    }
    if (lines.length > 0) yield Buffer.from(lines.join(""));
  }
  return Readable.from(chunks());
}

/** A Rebrandly-format link list of `rows` objects, made as it is read, ~64 KB per chunk. */
function generatedRebrandlyList(rows: number): Readable {
  async function* chunks() {
    let parts: string[] = ["["];
    let size = 1;
    for (let n = 1; n <= rows; n += 1) {
      const part = JSON.stringify({
        title: `Product ${n}`,
        slashtag: `s${n.toString(36)}`,
        destination: `https://shop.acme.co/products/${n}?utm_source=rebrandly`,
        createdAt: "2024-03-01T09:15:00.000Z",
        tags: [{ id: "t1", name: "campaign" }],
        clicks: n % 1000,
        domainName: "rebrand.ly",
      });
      parts.push(n === 1 ? part : `,${part}`);
      size += part.length;
      if (size >= 64 * 1024) {
        yield Buffer.from(parts.join(""));
        parts = [];
        size = 0;
      }
    }
    parts.push("]");
    yield Buffer.from(parts.join(""));
  }
  return Readable.from(chunks());
}

describe("a 200,000-row export", () => {
  it("is read to the end in bounded memory", async () => {
    const before = heldBytes();
    let peak = before;
    let links = 0;
    let last: unknown;
    const started = performance.now();
    for await (const record of parseImport(generatedBitlyExport(ROWS), { format: "bitly" })) {
      if (record.kind === "link") links += 1;
      last = record;
      if (record.row % 40_000 === 0) peak = Math.max(peak, heldBytes());
    }
    const seconds = (performance.now() - started) / 1000;
    const growth = (peak - before) / MB;
    process.stdout.write(
      `link-import: ${ROWS} Bitly rows in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s, ` +
        `5 full collections included); peak growth of what is held ${growth.toFixed(1)} MB\n`,
    );
    expect(links).toBe(ROWS);
    expect(last).toEqual({
      kind: "link",
      row: ROWS,
      link: {
        url: `https://shop.acme.co/products/${ROWS}?utm_source=bitly&utm_campaign=import`,
        code: `k${ROWS.toString(36)}`,
        domain: "bit.ly",
        title: `Product ${ROWS}, "spring" edition`,
        tags: ["campaign", "spring"],
        createdAt: new Date("2024-03-01T09:15:00Z"),
        clicks: ROWS % 1000,
      },
    });
    // The file is ~36 MB; holding it (or its 200,000 records) would add at least that much.
    expect(growth).toBeLessThan(16);
  });

  it("is read to the end in bounded memory from a JSON list too", async () => {
    const before = heldBytes();
    let peak = before;
    let links = 0;
    let last: unknown;
    const started = performance.now();
    for await (const record of parseImport(generatedRebrandlyList(ROWS), { format: "rebrandly" })) {
      if (record.kind === "link") links += 1;
      last = record;
      if (record.row % 40_000 === 0) peak = Math.max(peak, heldBytes());
    }
    const seconds = (performance.now() - started) / 1000;
    const growth = (peak - before) / MB;
    process.stdout.write(
      `link-import: ${ROWS} Rebrandly objects in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s, ` +
        `5 full collections included); peak growth of what is held ${growth.toFixed(1)} MB\n`,
    );
    // ~45 MB: under the default maxBytes (50 MiB), so every object is read.
    expect(last).toMatchObject({ kind: "link", row: ROWS });
    expect(links).toBe(ROWS);
    expect(growth).toBeLessThan(16);
  });
});
