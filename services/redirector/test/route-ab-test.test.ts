import { create } from "@bufbuild/protobuf";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { abCookieName, createAbCookies } from "../src/abtests/ab-cookie";
import { hashBucket } from "../src/abtests/hash-bucket";
import { pickVariant } from "../src/abtests/pick-variant";
import { routeAbTest } from "../src/abtests/route-ab-test";
import { createCookieSigner } from "../src/cookies/cookie-signer";

const TEST_ID = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
const COOKIE = abCookieName(TEST_ID);
const ATTRIBUTES = "; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax";
const cookies = createAbCookies(createCookieSigner("test-secret"));
/** The cookie the redirector would have set for this visitor (and variant). */
function signed(visitorId: string, variantId = ""): string {
  return cookies.format(TEST_ID, visitorId, variantId, false).split(";")[0] as string;
}

const snapshot = create(linksV1.LinkSnapshotSchema, {
  abTestId: TEST_ID,
  destinationUrl: "https://example.com/own",
  abVariants: [
    { variantId: "variant-a", destinationUrl: "https://example.com/a", weight: 50 },
    { variantId: "variant-b", destinationUrl: "https://example.com/b", weight: 30, control: true },
    { variantId: "variant-c", destinationUrl: "https://example.com/c", weight: 20 },
  ],
});

/** A visitor id the hash sends to `variantId` (and one it does not). */
function visitorHashedTo(variantId: string, not = false): string {
  for (let i = 0; ; i++) {
    const id = `visitor-${i}`;
    const picked = pickVariant(snapshot.abVariants, hashBucket(TEST_ID, id)).variantId;
    if ((picked === variantId) !== not) return id;
  }
}

describe("routeAbTest", () => {
  it("buckets a new visitor by the hash of a new visitor id and sets the cookie", () => {
    const route = routeAbTest(snapshot, "GET", false, undefined, cookies, false);
    expect(route.visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const expected = pickVariant(snapshot.abVariants, hashBucket(TEST_ID, route.visitorId));
    expect(route).toEqual({
      destinationUrl: expected.destinationUrl,
      variantId: expected.variantId,
      visitorId: route.visitorId,
      setCookie: `${signed(route.visitorId, expected.variantId)}${ATTRIBUTES}`,
      exposure: true,
    });
  });

  it("buckets a known visitor id the same way every time, without rewriting its cookie", () => {
    const visitor = visitorHashedTo("variant-c");
    for (let i = 0; i < 3; i++) {
      expect(routeAbTest(snapshot, "GET", false, signed(visitor), cookies, false)).toEqual({
        destinationUrl: "https://example.com/c",
        variantId: "variant-c",
        visitorId: visitor,
        setCookie: undefined,
        exposure: true,
      });
    }
  });

  it("keeps the variant named by the cookie even when the hash would pick another", () => {
    const visitor = visitorHashedTo("variant-a", true);
    const route = routeAbTest(
      snapshot,
      "POST",
      false,
      `other=1; ${signed(visitor, "variant-a")}`,
      cookies,
      false,
    );
    expect(route).toMatchObject({ variantId: "variant-a", visitorId: visitor, exposure: true });
    expect(route.setCookie).toBeUndefined();
  });

  it("re-assigns a cookie naming an unknown variant and rewrites it, keeping the visitor id", () => {
    const visitor = visitorHashedTo("variant-b");
    const route = routeAbTest(snapshot, "GET", false, signed(visitor, "variant-gone"), cookies, false);
    expect(route).toMatchObject({ variantId: "variant-b", visitorId: visitor, exposure: true });
    expect(route.setCookie).toBe(`${signed(visitor, "variant-b")}${ATTRIBUTES}`);
  });

  it("gives a malformed cookie a new visitor id and a new cookie", () => {
    const route = routeAbTest(snapshot, "GET", false, `${COOKIE}=bad!`, cookies, false);
    expect(route.visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(route.setCookie).toMatch(
      new RegExp(`^${COOKIE}=${route.visitorId}\\.variant-[abc]\\.[\\w-]{43}; Path=/;`),
    );
  });

  it("ignores a forged cookie naming a variant: a new visitor id, hashed, and a new cookie", () => {
    const visitor = visitorHashedTo("variant-a", true);
    for (const forged of [`${COOKIE}=${visitor}.variant-a`, `${COOKIE}=${visitor}`]) {
      const route = routeAbTest(snapshot, "GET", false, forged, cookies, false);
      expect(route.visitorId).not.toBe(visitor);
      expect(route.visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const expected = pickVariant(snapshot.abVariants, hashBucket(TEST_ID, route.visitorId));
      expect(route.variantId).toBe(expected.variantId);
      expect(route.setCookie).toBe(`${signed(route.visitorId, expected.variantId)}${ATTRIBUTES}`);
    }
  });

  it("marks the cookie Secure on an https visit", () => {
    const route = routeAbTest(snapshot, "GET", false, undefined, cookies, true);
    expect(route.setCookie).toBe(`${signed(route.visitorId, route.variantId)}${ATTRIBUTES}; Secure`);
  });

  it("sends bots and HEAD requests to the control, without cookie or exposure", () => {
    const cookie = signed("visitor-1", "variant-a");
    const control = {
      destinationUrl: "https://example.com/b",
      variantId: "variant-b",
      visitorId: "",
      exposure: false,
    };
    expect(routeAbTest(snapshot, "GET", true, cookie, cookies, false)).toEqual(control);
    expect(routeAbTest(snapshot, "HEAD", false, cookie, cookies, false)).toEqual(control);
  });

  it("takes the first variant as the control when none is marked", () => {
    const unmarked = create(linksV1.LinkSnapshotSchema, {
      ...snapshot,
      abVariants: snapshot.abVariants.map((variant) => ({ ...variant, control: false })),
    });
    expect(routeAbTest(unmarked, "HEAD", false, undefined, cookies, false).variantId).toBe("variant-a");
  });
});
