import type { components } from "../../api/schema.generated";

/** A short link as the API returns it. */
export type ShortUrl = components["schemas"]["ShortUrl"];
