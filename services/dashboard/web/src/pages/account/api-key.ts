import type { components, paths } from "../../api/schema.generated";

/** An API key as listed (never its secret). */
export type ApiKey = components["schemas"]["ApiKey"];

/** A key just created: the listed fields and, this once, the secret. */
export type CreatedApiKey =
  paths["/api/v1/api-keys"]["post"]["responses"]["201"]["content"]["application/json"]["api_key"];
