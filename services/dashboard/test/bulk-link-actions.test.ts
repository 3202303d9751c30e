import { describe, expect, it } from "vitest";
import {
  buildCampaignUpdates,
  buildDeleteCodes,
  buildTagUpdates,
} from "../web/src/pages/links/build-bulk-bodies";
import { describeBulkOutcome } from "../web/src/pages/links/describe-bulk-outcome";
import { readBulkResults } from "../web/src/pages/links/read-bulk-results";
import type { ShortUrl } from "../web/src/pages/links/short-url";

/** A link as the list shows it; only what the bulk bodies read matters here. */
const link = (linkId: string, tags: string[] = []) =>
  ({ linkId, tags, shortUrl: `https://kurz.test/${linkId}` }) as unknown as ShortUrl;

const TAGGED = { done: (n: number) => `Tagged ${n} ${n === 1 ? "link" : "links"}`, failed: "tagged" };

describe("the bulk calls' bodies", () => {
  it("adds a tag to each link's own tags, since a tags update replaces them", () => {
    expect(buildTagUpdates([link("a", ["launch"]), link("b")], "social")).toEqual([
      { code: "a", tags: ["launch", "social"] },
      { code: "b", tags: ["social"] },
    ]);
  });

  it("normalises the new tag as the server stores tags and adds none twice", () => {
    expect(buildTagUpdates([link("a", ["spring sale"])], "  Spring   SALE ")).toEqual([
      { code: "a", tags: ["spring sale"] },
    ]);
  });

  it("moves links into a campaign, or out of theirs with none, named by link id", () => {
    expect(buildCampaignUpdates([link("a"), link("b")], "7b0c6b0e-8d65-4a4c-9b51-0a6a8c8e1f00")).toEqual([
      { code: "a", campaign_id: "7b0c6b0e-8d65-4a4c-9b51-0a6a8c8e1f00" },
      { code: "b", campaign_id: "7b0c6b0e-8d65-4a4c-9b51-0a6a8c8e1f00" },
    ]);
    expect(buildCampaignUpdates([link("a")], "none")).toEqual([{ code: "a", campaign_id: "none" }]);
    expect(buildDeleteCodes([link("a"), link("b")])).toEqual(["a", "b"]);
  });
});

describe("a bulk call's outcome", () => {
  const links = [link("a"), link("b"), link("c")];

  it("pairs each result with the link sent at its index", () => {
    const outcome = readBulkResults(links, [
      { index: 1, success: false, error: { code: "NOT_FOUND", message: "Short URL not found" } },
      { index: 0, success: true, url: link("a") },
      { index: 2, success: true, url: link("c") },
    ]);
    expect(outcome.done.map((done) => done.linkId)).toEqual(["a", "c"]);
    expect(outcome.failed).toEqual([{ link: links[1], code: "NOT_FOUND", message: "Short URL not found" }]);
  });

  it("counts a link the answer leaves out as failed, not done", () => {
    const outcome = readBulkResults(links.slice(0, 2), [{ index: 0, success: true, url: link("a") }]);
    expect(outcome.failed.map((failure) => failure.link.linkId)).toEqual(["b"]);
  });

  it("announces what was done, and what was not with the API's reason", () => {
    const failure = (id: string, message: string) => ({ link: link(id), code: "X", message });
    expect(describeBulkOutcome({ done: links, failed: [] }, TAGGED)).toBe("Tagged 3 links");
    expect(
      describeBulkOutcome({ done: [link("a")], failed: [failure("b", "Short URL not found")] }, TAGGED),
    ).toBe("Tagged 1 link; 1 could not be tagged: Short URL not found");
    expect(
      describeBulkOutcome({ done: [link("a")], failed: [failure("b", "one"), failure("c", "two")] }, TAGGED),
    ).toBe("Tagged 1 link; 2 could not be tagged");
    expect(describeBulkOutcome({ done: [], failed: [failure("b", "at most 20 tags")] }, TAGGED)).toBe(
      "1 link could not be tagged: at most 20 tags",
    );
  });
});
