import { describe, expect, it } from "vitest";
import { abCookieName, formatAbCookie, readAbCookie } from "../src/abtests/ab-cookie";
import { newAbVisitorId } from "../src/abtests/new-ab-visitor-id";

const NAME = "kz_ab_3f0c1a5e7b2d4c8e9a610d5b7e2f4a10";
const VARIANT = "b7c2a0d4-1e5f-4a3b-8c9d-0e1f2a3b4c5d";

describe("the A/B cookie", () => {
  it("is named after the test id's hex digits, lowercased", () => {
    expect(abCookieName("3F0C1A5E-7B2D-4C8E-9A61-0D5B7E2F4A10")).toBe(NAME);
  });

  it("reads a visitor id with or without a variant id", () => {
    expect(readAbCookie(`${NAME}=visitor-1.${VARIANT}`, NAME)).toEqual({
      visitorId: "visitor-1",
      variantId: VARIANT,
    });
    expect(readAbCookie(`${NAME}=AbCdEfGh_-12`, NAME)).toEqual({ visitorId: "AbCdEfGh_-12", variantId: "" });
  });

  it("finds its cookie among others, and not one whose name merely contains it", () => {
    const header = `theme=dark; x${NAME}=notthis1; ${NAME}x=notthis2;  ${NAME}=visitor-2 ; other=1`;
    expect(readAbCookie(header, NAME)).toEqual({ visitorId: "visitor-2", variantId: "" });
    expect(readAbCookie("theme=dark; kz_ab_ffff=visitor-3", NAME)).toBeUndefined();
  });

  it("treats a malformed value as absent", () => {
    for (const value of [
      "",
      "short",
      "a".repeat(65),
      "visitor-1.",
      "visitor-1..x",
      "visitor 1",
      '"visitor-1"',
      "visitor-1.b.c",
      "visitor€€€",
    ]) {
      expect(readAbCookie(`${NAME}=${value}`, NAME), value).toBeUndefined();
    }
    expect(readAbCookie(undefined, NAME)).toBeUndefined();
    expect(readAbCookie("", NAME)).toBeUndefined();
  });

  it("is set for 90 days on the whole host, HttpOnly and SameSite=Lax, without a Domain", () => {
    expect(formatAbCookie(NAME, "visitor-1", VARIANT)).toBe(
      `${NAME}=visitor-1.${VARIANT}; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax`,
    );
  });

  it("leaves out a variant id it could not read back", () => {
    expect(formatAbCookie(NAME, "visitor-1", "not;a token")).toBe(
      `${NAME}=visitor-1; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax`,
    );
  });
});

describe("new A/B visitor ids", () => {
  it("are 16 random bytes in base64url (22 characters), readable back from the cookie", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const id = newAbVisitorId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, "base64url")).toHaveLength(16);
      ids.add(id);
    }
    expect(ids.size).toBe(1_000);
    const id = newAbVisitorId();
    expect(readAbCookie(formatAbCookie(NAME, id, VARIANT).split(";")[0], NAME)).toEqual({
      visitorId: id,
      variantId: VARIANT,
    });
  });
});
