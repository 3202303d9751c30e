import type { paths } from "../../api/schema.generated";
import type { ShortUrl } from "./short-url";

export type BulkResult =
  paths["/api/v1/urls/bulk"]["patch"]["responses"][200]["content"]["application/json"]["results"][number];

/** A link the bulk call refused, with the API's words for why. */
export interface BulkFailure {
  link: ShortUrl;
  code: string;
  message: string;
}

export interface BulkOutcome {
  done: ShortUrl[];
  failed: BulkFailure[];
}

/**
 * Pairs each result with the link sent at its index (the API answers one per item, in request
 * order). A link the answer leaves out counts as failed rather than silently done.
 */
export function readBulkResults(links: readonly ShortUrl[], results: readonly BulkResult[]): BulkOutcome {
  const byIndex = new Map(results.map((result) => [result.index, result]));
  const outcome: BulkOutcome = { done: [], failed: [] };
  links.forEach((link, index) => {
    const result = byIndex.get(index);
    if (result?.success) outcome.done.push(result.url);
    else
      outcome.failed.push({
        link,
        code: result?.error.code ?? "NO_RESULT",
        message: result?.error.message ?? "Kurz did not answer for this link.",
      });
  });
  return outcome;
}
