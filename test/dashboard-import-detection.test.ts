import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { detectImportFormat } from "../services/dashboard/web/src/pages/imports/detect-import-format";

/** link-import's own fixtures, one per format, named after it (bitly.csv, kutt.json, …). */
const FIXTURES = fileURLToPath(new URL("../packages/link-import/test/fixtures/", import.meta.url));

describe("the import page's format detection (the rules of link-import, repeated for the browser)", () => {
  const fixtures = readdirSync(FIXTURES).filter((file) => /\.(csv|json)$/.test(file));

  it("has a fixture of every format to read", () => {
    expect(fixtures.map((file) => path.parse(file).name).sort()).toEqual(
      ["bitly", "dub", "generic", "kutt", "rebrandly", "shlink", "shortio", "yourls"].sort(),
    );
  });

  it.each(fixtures)("names the format of %s as link-import does", (file) => {
    const text = readFileSync(path.join(FIXTURES, file), "utf8");
    expect(detectImportFormat(text.slice(0, 64 * 1024))).toBe(path.parse(file).name);
  });

  it("tells nothing from a header no format has, nor from one that fits two services", () => {
    expect(detectImportFormat("title,comment\nHello,there\n")).toBeUndefined();
    expect(detectImportFormat("source,target,shortCode,longUrl\n")).toBeUndefined();
    expect(detectImportFormat("")).toBeUndefined();
  });

  it("reads past a BOM, quoted and spaced header cells and letter case", () => {
    expect(detectImportFormat('\uFEFF "Long_URL" , "Link"\r\nhttps://a.example/,bit.ly/x\r\n')).toBe("bitly");
  });
});
