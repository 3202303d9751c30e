import { linksV1 } from "@kurz/proto";
import { type Completer, completionOf, MAX_COMPLETION_VALUES } from "./completer";

/** The account's links whose code, name or destination holds what was typed, newest first. */
export const completeShortCodes: Completer = async (clients, typed) => {
  const { links, page } = await clients.links.listLinks({
    search: typed,
    sortBy: linksV1.LinkSort.CREATED_AT,
    page: { page: 1, limit: MAX_COMPLETION_VALUES },
  });
  return completionOf(
    links.map((link) => link.code),
    typed,
    Number(page?.total ?? links.length),
  );
};
