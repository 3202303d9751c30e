import { describe, expect, it } from "vitest";
import { z } from "zod";
import { booleanFromEnv, ConfigError, listFromEnv, parseConfig, port } from "../src";

const schema = z.object({
  HTTP_PORT: port(3000),
  DEBUG: booleanFromEnv(false),
  BROKERS: listFromEnv([]),
  DATABASE_URL: z.url().optional(),
});

describe("parseConfig", () => {
  it("applies defaults when variables are absent", () => {
    expect(parseConfig("svc", schema, {})).toEqual({ HTTP_PORT: 3000, DEBUG: false, BROKERS: [] });
  });

  it("parses ports, booleans and comma lists", () => {
    const config = parseConfig("svc", schema, {
      HTTP_PORT: "8081",
      DEBUG: "YES",
      BROKERS: "a:9092, b:9092,,",
    });
    expect(config).toEqual({ HTTP_PORT: 8081, DEBUG: true, BROKERS: ["a:9092", "b:9092"] });
  });

  it("fails fast with one readable message naming every bad variable", () => {
    let error: unknown;
    try {
      parseConfig("link-api", schema, { HTTP_PORT: "70000", DEBUG: "maybe", DATABASE_URL: "not a url" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^link-api: invalid configuration/);
    expect(message).toContain("HTTP_PORT");
    expect(message).toContain("DEBUG: expected true or false");
    expect(message).toContain("DATABASE_URL");
    expect((error as ConfigError).problems).toHaveLength(3);
  });
});
