import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectFormat, IMPORT_FORMATS, type ImportFormat } from "../src";
import { fixturePath } from "./support/collect-records";

const fixtures: Record<ImportFormat, string> = {
  bitly: "bitly.csv",
  dub: "dub.csv",
  shortio: "shortio.csv",
  shlink: "shlink.csv",
  yourls: "yourls.csv",
  kutt: "kutt.json",
  rebrandly: "rebrandly.json",
  generic: "generic.csv",
};

function firstBytes(name: string, length = 64 * 1024): string {
  return readFileSync(fixturePath(name)).subarray(0, length).toString("utf8");
}

describe("detecting a file's format from its first bytes", () => {
  it.each(IMPORT_FORMATS.map((format) => [format, fixtures[format]] as const))(
    "detects the %s fixture as %s only",
    (format, name) => {
      expect(detectFormat(firstBytes(name))).toBe(format);
    },
  );

  it("detects a header through a BOM, CRLF, quotes and other letter case", () => {
    expect(
      detectFormat('\uFEFF"SHORT LINK","Destination URL","Clicks"\r\nhttps://dub.sh/a,https://a.co,1\r\n'),
    ).toBe("dub");
    expect(detectFormat('\uFEFF"CreatedAt","ShortCode","LongUrl"\r\n')).toBe("shlink");
    expect(detectFormat(' "Long_URL" , "Link" \r\n')).toBe("bitly");
    expect(detectFormat("Source,Target,Hits\r\n")).toBe("yourls");
    expect(detectFormat("OriginalURL,Path\n")).toBe("shortio");
    expect(detectFormat("\uFEFFURL,Alias\r\n")).toBe("generic");
  });

  it("tells Bitly's long_url from Shlink's longUrl", () => {
    expect(detectFormat("long_url,link\n")).toBe("bitly");
    expect(detectFormat("longUrl,shortCode\n")).toBe("shlink");
    expect(detectFormat("longUrl,link\n")).toBeUndefined();
  });

  it("prefers a service's header over the generic one, and refuses a header that fits two services", () => {
    expect(detectFormat("url,source,target\n")).toBe("yourls");
    expect(detectFormat("source,target,long_url,link\n")).toBeUndefined();
  });

  it("detects JSON by the shape of its first link object, even when cut mid-way", () => {
    expect(detectFormat(firstBytes("kutt.json", 400))).toBe("kutt");
    expect(detectFormat(firstBytes("rebrandly.json", 300))).toBe("rebrandly");
    expect(detectFormat('\uFEFF  [{"slashtag":"a","destination":"https://a.co"}]')).toBe("rebrandly");
    expect(detectFormat('{"data":[{"slashtag":"a","destination":"https://a.co"}]}')).toBeUndefined();
    expect(detectFormat('[{"address":"a","target":"https://a.co"}]')).toBeUndefined();
  });

  it("detects nothing in an empty, unknown or unreadable start", () => {
    expect(detectFormat("")).toBeUndefined();
    expect(detectFormat("\uFEFF\r\n")).toBeUndefined();
    expect(detectFormat("name,email\nAda,ada@example.com\n")).toBeUndefined();
    expect(detectFormat('"url,alias\n')).toBeUndefined();
    expect(detectFormat('{"message":"Unauthorized"}')).toBeUndefined();
  });
});
