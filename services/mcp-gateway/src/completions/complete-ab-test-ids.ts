import { type Completer, completionOf, MAX_COMPLETION_VALUES } from "./completer";

/**
 * The ids of the account's A/B tests (archived ones left out) whose name holds what was typed or
 * whose id begins with it, among the newest MAX_COMPLETION_VALUES (the service lists tests
 * without a search).
 */
export const completeAbTestIds: Completer = async (clients, typed) => {
  const { tests, page } = await clients.abTests.listAbTests({
    page: { page: 1, limit: MAX_COMPLETION_VALUES },
  });
  const lower = typed.toLowerCase();
  const matching = tests.filter(
    (test) => test.id.startsWith(lower) || test.name.toLowerCase().includes(lower),
  );
  const listedAll = Number(page?.total ?? tests.length) <= tests.length;
  const ids = matching.map((test) => test.id);
  const completion = completionOf(ids, typed, ids.length);
  // Older tests were not looked at: there may be more matches than these.
  return listedAll ? completion : { ...completion, hasMore: true };
};
