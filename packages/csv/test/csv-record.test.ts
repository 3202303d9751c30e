import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvRecord } from "../src/index";

describe("csvRecord", () => {
  it("writes cells a real CSV parser reads back exactly, quoting only what needs it", () => {
    const cells = ["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", "crlf\r\nend", "ü 日本 🎉", ""];
    const line = csvRecord(cells);
    expect(line).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere","crlf\r\nend",ü 日本 🎉,\r\n');
    expect(parse(line, { record_delimiter: "\r\n" })).toEqual([cells]);
  });

  it("prefixes a cell starting like a formula with a single quote, and quotes it when needed", () => {
    expect(["=cmd()", "+1", "-1", "@sum(A1)", "\tx", "\rx", "a=b", "'x"].map(csvCell)).toEqual([
      "'=cmd()",
      "'+1",
      "'-1",
      "'@sum(A1)",
      "'\tx",
      '"\'\rx"',
      "a=b",
      "'x",
    ]);
    expect(parse(csvRecord(['=HYPERLINK("http://x","y")']), { record_delimiter: "\r\n" })).toEqual([
      ['\'=HYPERLINK("http://x","y")'],
    ]);
  });
});
