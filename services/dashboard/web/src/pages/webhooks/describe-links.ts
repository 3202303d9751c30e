import { getLink } from "../analytics/get-link";

/** Naming more than this many links would cost as many calls: the rest stay shown by id. */
const MAX_NAMED = 20;

/** Short URLs of the links an endpoint is limited to, by link id; a deleted link keeps its id. */
export async function describeLinks(ids: readonly string[], signal: AbortSignal) {
  const names = new Map<string, string>();
  await Promise.all(
    ids.slice(0, MAX_NAMED).map(async (id) => {
      try {
        const link = await getLink(id, signal);
        names.set(id, link.shortUrl);
      } catch {
        // Unknown or gone: the id is shown instead.
      }
    }),
  );
  return names;
}
