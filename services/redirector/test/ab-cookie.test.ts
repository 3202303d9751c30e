import { describe, expect, it } from "vitest";
import { abCookieName, createAbCookies } from "../src/abtests/ab-cookie";
import { newAbVisitorId } from "../src/abtests/new-ab-visitor-id";
import { createCookieSigner } from "../src/cookies/cookie-signer";

const TEST_ID = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
const NAME = "kz_ab_3f0c1a5e7b2d4c8e9a610d5b7e2f4a10";
const VARIANT = "b7c2a0d4-1e5f-4a3b-8c9d-0e1f2a3b4c5d";
const ATTRIBUTES = "; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax";
const cookies = createAbCookies(createCookieSigner("test-secret"));

/** The `name=value` pair of a Set-Cookie value. */
function pair(setCookie: string): string {
  return setCookie.split(";")[0] as string;
}

describe("the A/B cookie", () => {
  it("is named after the test id's hex digits, lowercased", () => {
    expect(abCookieName("3F0C1A5E-7B2D-4C8E-9A61-0D5B7E2F4A10")).toBe(NAME);
  });

  it("reads back a visitor id it signed, with or without a variant id", () => {
    const withVariant = pair(cookies.format(TEST_ID, "visitor-1", VARIANT, false));
    expect(withVariant).toMatch(new RegExp(`^${NAME}=visitor-1\\.${VARIANT}\\.[A-Za-z0-9_-]{43}$`));
    expect(cookies.read(withVariant, TEST_ID)).toEqual({ visitorId: "visitor-1", variantId: VARIANT });
    const withoutVariant = pair(cookies.format(TEST_ID, "AbCdEfGh_-12", "", false));
    expect(withoutVariant).toMatch(new RegExp(`^${NAME}=AbCdEfGh_-12\\.[A-Za-z0-9_-]{43}$`));
    expect(cookies.read(withoutVariant, TEST_ID)).toEqual({ visitorId: "AbCdEfGh_-12", variantId: "" });
  });

  it("finds its cookie among others, and not one whose name merely contains it", () => {
    const value = pair(cookies.format(TEST_ID, "visitor-2", "", false)).slice(NAME.length + 1);
    const header = `theme=dark; x${NAME}=${value}; ${NAME}x=${value};  ${NAME}=${value} ; other=1`;
    expect(cookies.read(header, TEST_ID)).toEqual({ visitorId: "visitor-2", variantId: "" });
    expect(cookies.read(`theme=dark; x${NAME}=${value}; ${NAME}x=${value}`, TEST_ID)).toBeUndefined();
  });

  it("treats an unsigned, edited or foreign cookie as absent", () => {
    const signed = pair(cookies.format(TEST_ID, "visitor-1", VARIANT, false));
    const mac = signed.slice(signed.lastIndexOf(".") + 1);
    const otherTest = "9e0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
    for (const header of [
      // The unsigned format of before: a visitor naming their variant.
      `${NAME}=visitor-1.${VARIANT}`,
      `${NAME}=visitor-1`,
      // Another variant or visitor under a genuine MAC.
      `${NAME}=visitor-1.c7c2a0d4-1e5f-4a3b-8c9d-0e1f2a3b4c5d.${mac}`,
      `${NAME}=visitor-9.${VARIANT}.${mac}`,
      `${NAME}=visitor-1.${mac}`,
      // Signed with another secret, or for another test under this test's name.
      pair(createAbCookies(createCookieSigner("other-secret")).format(TEST_ID, "visitor-1", VARIANT, false)),
      `${NAME}=${pair(cookies.format(otherTest, "visitor-1", VARIANT, false)).split("=")[1]}`,
    ]) {
      expect(cookies.read(header, TEST_ID), header).toBeUndefined();
    }
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
      expect(cookies.read(`${NAME}=${value}`, TEST_ID), value).toBeUndefined();
    }
    expect(cookies.read(undefined, TEST_ID)).toBeUndefined();
    expect(cookies.read("", TEST_ID)).toBeUndefined();
  });

  it("is set for 90 days on the whole host, HttpOnly and SameSite=Lax, without a Domain", () => {
    const setCookie = cookies.format(TEST_ID, "visitor-1", VARIANT, false);
    expect(setCookie).toBe(`${pair(setCookie)}${ATTRIBUTES}`);
  });

  it("is Secure when the visit came over https", () => {
    const setCookie = cookies.format(TEST_ID, "visitor-1", VARIANT, true);
    expect(setCookie).toBe(`${pair(setCookie)}${ATTRIBUTES}; Secure`);
  });

  it("leaves out a variant id it could not read back", () => {
    const setCookie = cookies.format(TEST_ID, "visitor-1", "not;a token", false);
    expect(setCookie).toMatch(new RegExp(`^${NAME}=visitor-1\\.[A-Za-z0-9_-]{43}${ATTRIBUTES}$`));
    expect(cookies.read(pair(setCookie), TEST_ID)).toEqual({ visitorId: "visitor-1", variantId: "" });
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
    expect(cookies.read(pair(cookies.format(TEST_ID, id, VARIANT, false)), TEST_ID)).toEqual({
      visitorId: id,
      variantId: VARIANT,
    });
  });
});
