import { describe, expect, it } from "vitest";
import { splitSqlStatements } from "../src/split-sql-statements";

describe("splitSqlStatements", () => {
  it("splits at semicolons that end a line and drops comment-only chunks", () => {
    const sql =
      "-- header\nCREATE TABLE a (x UInt8) ENGINE = Memory;\n\n/* note */\nCREATE VIEW v AS SELECT 1; -- done\n";
    expect(splitSqlStatements(sql)).toEqual([
      "-- header\nCREATE TABLE a (x UInt8) ENGINE = Memory",
      "/* note */\nCREATE VIEW v AS SELECT 1",
    ]);
  });

  it("keeps a semicolon inside a line and a final statement without one", () => {
    expect(splitSqlStatements("SELECT ';' AS s;\r\nSELECT 2")).toEqual(["SELECT ';' AS s", "SELECT 2"]);
  });

  it("returns nothing for a file of comments", () => {
    expect(splitSqlStatements("-- nothing here;\n/* or here */\n")).toEqual([]);
  });
});
