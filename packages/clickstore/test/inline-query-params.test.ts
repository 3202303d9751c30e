import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClickStore, createClickStore } from "../src/index";
import { inlineQueryParams } from "../src/inline-query-params";

let dataDir: string;
let store: ClickStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kurz-inline-params-"));
  // One connection: queries are bound by the engine there, the reference the inlined form is held to.
  store = await createClickStore({ dataDir, database: "default", chdbLanes: 1 });
});
afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The same statement, bound by the engine and inlined by us: both answers as JSON text. */
async function bothWays(sql: string, params: Record<string, unknown>) {
  const run = async (query: string, query_params?: Record<string, unknown>) =>
    (await store.client.query({ query, query_params, format: "JSONEachRow" })).json();
  return { bound: await run(sql, params), inlined: await run(inlineQueryParams(sql, params)) };
}

/** Seeded strings of quotes, backslashes, braces, control characters, SQL and non-ASCII text. */
function hostileStrings(count: number): string[] {
  const pieces = [
    "'",
    "\\",
    "\\'",
    "''",
    "{x:String}",
    "\n",
    "\r",
    "\t",
    "\0",
    "\x7f",
    "\x1b",
    "é",
    "𝄞",
    "ü",
    "--",
    "/*",
    "*/",
    ";",
    "' OR 1=1 --",
    "'); DROP TABLE t; --",
    "\\\\'",
    "a",
    " ",
    "`",
    '"',
  ];
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 8) }, () => pieces[next() % pieces.length]).join(""),
  );
}

describe("inlineQueryParams", () => {
  it("gives the same answer as the engine's binding for hostile strings, alone and in arrays", async () => {
    const strings = hostileStrings(200);
    for (const s of strings) {
      const { bound, inlined } = await bothWays("SELECT {s:String} AS v, length({s:String}) AS n", { s });
      expect(inlined).toEqual(bound);
      expect(inlined).toEqual([{ v: s, n: Buffer.byteLength(s) }]);
    }
    const { bound, inlined } = await bothWays("SELECT {a:Array(String)} AS v", { a: strings });
    expect(inlined).toEqual(bound);
  });

  it("types the literals as the placeholders say: dates, times, numbers, arrays, nulls", async () => {
    const { bound, inlined } = await bothWays(
      `SELECT {d:Date} AS d, {t:DateTime('UTC')} AS t, {t3:DateTime64(3, 'UTC')} AS t3,
              {days:Array(Date)} AS days, {none:Array(Date)} AS none, {n:UInt32} AS n, {i:Int64} AS i,
              {f:Float64} AS f, {b:Bool} AS b, {maybe:Nullable(String)} AS maybe,
              toTypeName({days:Array(Date)}) AS type
         FROM numbers(10) LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      {
        d: "2026-11-26",
        t: "2026-11-26 10:11:12",
        t3: "2026-11-26 10:11:12.345",
        days: ["2026-11-25", "2026-11-26"],
        none: [],
        n: 4_000_000_000,
        i: -9_007_199_254_740_991n,
        f: 0.125,
        b: true,
        maybe: null,
        limit: 2,
        offset: 3,
      },
    );
    expect(inlined).toEqual(bound);
    expect(inlined).toHaveLength(2);
  });

  it("writes identifiers quoted and refuses anything that is not a plain one", async () => {
    const { bound, inlined } = await bothWays("SELECT count() AS n FROM system.{t:Identifier}", { t: "one" });
    expect(inlined).toEqual(bound);
    expect(() => inlineQueryParams("SELECT 1 FROM {t:Identifier}", { t: "one; DROP TABLE x" })).toThrow(
      /plain identifier/,
    );
  });

  it("refuses missing values, values that are not literals and types that are not types", () => {
    expect(() => inlineQueryParams("SELECT {a:String}", {})).toThrow(/No value/);
    expect(() => inlineQueryParams("SELECT {a:String}", { a: { toString: () => "x" } })).toThrow(/literal/);
    expect(() => inlineQueryParams("SELECT {a:String}", { a: new Date() })).toThrow(/literal/);
    expect(() => inlineQueryParams("SELECT {a:Float64}", { a: Number.NaN })).toThrow(/finite/);
    expect(() => inlineQueryParams("SELECT {a:String) AS x, (1}", { a: "x" })).toThrow(/Unsupported type/);
    expect(() => inlineQueryParams("SELECT {a:DateTime('UTC'); DROP')}", { a: "x" })).toThrow(
      /Unsupported type/,
    );
  });
});
