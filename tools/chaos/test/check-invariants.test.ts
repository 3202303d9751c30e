import { describe, expect, it } from "vitest";
import { type CheckContext, checkInvariants } from "../src/check-invariants";
import { PhaseLedger } from "../src/phase-ledger";

describe("checkInvariants", () => {
  it("reports a check whose every read fails as violated, and still runs the other checks", async () => {
    const ledger = new PhaseLedger("postgres-down-2s");
    ledger.links.set("abc", { code: "abc", destination: "https://example.com/a", clickIds: [] });
    ledger.redirects.set("abc", 3);
    ledger.conversions.set("abc", 1);
    // Analytics never answers; the redirector does, with the link's latest destination.
    const context = {
      api: async () => ({ status: 503, retryAfter: "1", body: undefined }),
      load: { visit: async () => ({ status: 302, location: "https://example.com/a" }) },
      endpoints: {},
      // A short bound: every read fails however long the check waits.
      settleMs: 50,
    } as unknown as CheckContext;

    const rows = await checkInvariants(ledger, context);

    const byInvariant = new Map(rows.map((row) => [row.invariant, row]));
    expect(byInvariant.get("link change reaches the redirector")).toMatchObject({
      verdict: "ok",
      observed: 1,
    });
    expect(byInvariant.get("every redirect's click counted exactly once")).toMatchObject({
      verdict: "VIOLATED",
      note: expect.stringMatching(/^could not be read: .*analytics of abc answered 503/),
    });
    expect(byInvariant.get("every conversion counted exactly once")).toMatchObject({
      verdict: "VIOLATED",
      note: expect.stringMatching(/^could not be read: .*conversions of abc answered 503/),
    });
  });
});
