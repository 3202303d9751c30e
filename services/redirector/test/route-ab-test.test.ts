import { create } from "@bufbuild/protobuf";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { abCookieName } from "../src/abtests/ab-cookie";
import { hashBucket } from "../src/abtests/hash-bucket";
import { pickVariant } from "../src/abtests/pick-variant";
import { routeAbTest } from "../src/abtests/route-ab-test";

const TEST_ID = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
const COOKIE = abCookieName(TEST_ID);
const ATTRIBUTES = "; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax";

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
    const route = routeAbTest(snapshot, "GET", false, undefined);
    expect(route.visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const expected = pickVariant(snapshot.abVariants, hashBucket(TEST_ID, route.visitorId));
    expect(route).toEqual({
      destinationUrl: expected.destinationUrl,
      variantId: expected.variantId,
      visitorId: route.visitorId,
      setCookie: `${COOKIE}=${route.visitorId}.${expected.variantId}${ATTRIBUTES}`,
      exposure: true,
    });
  });

  it("buckets a known visitor id the same way every time, without rewriting its cookie", () => {
    const visitor = visitorHashedTo("variant-c");
    for (let i = 0; i < 3; i++) {
      expect(routeAbTest(snapshot, "GET", false, `${COOKIE}=${visitor}`)).toEqual({
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
    const route = routeAbTest(snapshot, "POST", false, `other=1; ${COOKIE}=${visitor}.variant-a`);
    expect(route).toMatchObject({ variantId: "variant-a", visitorId: visitor, exposure: true });
    expect(route.setCookie).toBeUndefined();
  });

  it("re-assigns a cookie naming an unknown variant and rewrites it, keeping the visitor id", () => {
    const visitor = visitorHashedTo("variant-b");
    const route = routeAbTest(snapshot, "GET", false, `${COOKIE}=${visitor}.variant-gone`);
    expect(route).toMatchObject({ variantId: "variant-b", visitorId: visitor, exposure: true });
    expect(route.setCookie).toBe(`${COOKIE}=${visitor}.variant-b${ATTRIBUTES}`);
  });

  it("gives a malformed cookie a new visitor id and a new cookie", () => {
    const route = routeAbTest(snapshot, "GET", false, `${COOKIE}=bad!`);
    expect(route.visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(route.setCookie).toMatch(new RegExp(`^${COOKIE}=${route.visitorId}\\.variant-[abc]; Path=/;`));
  });

  it("sends bots and HEAD requests to the control, without cookie or exposure", () => {
    const cookie = `${COOKIE}=visitor-1.variant-a`;
    const control = {
      destinationUrl: "https://example.com/b",
      variantId: "variant-b",
      visitorId: "",
      exposure: false,
    };
    expect(routeAbTest(snapshot, "GET", true, cookie)).toEqual(control);
    expect(routeAbTest(snapshot, "HEAD", false, cookie)).toEqual(control);
  });

  it("takes the first variant as the control when none is marked", () => {
    const unmarked = create(linksV1.LinkSnapshotSchema, {
      ...snapshot,
      abVariants: snapshot.abVariants.map((variant) => ({ ...variant, control: false })),
    });
    expect(routeAbTest(unmarked, "HEAD", false, undefined).variantId).toBe("variant-a");
  });
});
