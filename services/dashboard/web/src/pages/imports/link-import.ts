import type { components } from "../../api/schema.generated";

/** One import as the API shows it: status, counts, options and the first row errors. */
export type LinkImport = components["schemas"]["Import"];

export type ImportStatus = LinkImport["status"];

export type OnConflict = LinkImport["on_conflict"];

/** Still on its way: its page keeps asking for news. */
export const isImportActive = (linkImport: Pick<LinkImport, "status">): boolean =>
  linkImport.status === "queued" || linkImport.status === "running";
