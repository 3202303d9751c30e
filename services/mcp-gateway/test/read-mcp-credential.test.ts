import { AppError } from "@kurz/errors";
import { describe, expect, it } from "vitest";
import { readMcpCredential } from "../src/auth/read-mcp-credential";

const JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl";

function refusal(headers: Record<string, string | undefined>): AppError {
  try {
    readMcpCredential(headers);
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error("expected a refusal");
}

describe("readMcpCredential", () => {
  it("takes x-mcp-key first, then an OAuth access token in Authorization", () => {
    expect(readMcpCredential({ "x-mcp-key": " kurz_abc " })).toEqual({ kind: "key", key: "kurz_abc" });
    expect(readMcpCredential({ "x-mcp-key": "kurz_abc", authorization: `Bearer ${JWT}` })).toEqual({
      kind: "key",
      key: "kurz_abc",
    });
    expect(readMcpCredential({ authorization: `Bearer ${JWT}` })).toEqual({ kind: "bearer", token: JWT });
    expect(readMcpCredential({ authorization: `bearer  ${JWT}` })).toEqual({ kind: "bearer", token: JWT });
  });

  it("names x-mcp-key when an API key comes in Authorization or another habitual header", () => {
    for (const headers of <Array<Record<string, string>>>[
      { authorization: "Bearer kurz_abc" },
      { authorization: "kurz_abc" },
      { "x-api-key": "kurz_abc" },
      { authorization: `Basic ${JWT}` },
    ]) {
      const error = refusal(headers);
      expect(error.code).toBe("AUTHENTICATION_REQUIRED");
      expect(error.hint).toMatch(/x-mcp-key/);
    }
  });

  it("asks for a key or a token when there is neither, and ignores an empty key", () => {
    for (const headers of [{}, { "x-mcp-key": "  " }] as Array<Record<string, string>>) {
      const error = refusal(headers);
      expect(error.code).toBe("AUTHENTICATION_REQUIRED");
      expect(error.hint).toMatch(/x-mcp-key.*Bearer/);
    }
  });
});
