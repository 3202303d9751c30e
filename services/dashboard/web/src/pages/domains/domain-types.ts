import type { components } from "../../api/schema.generated";

export type Subdomain = components["schemas"]["Subdomain"];
export type BrandedDomain = components["schemas"]["BrandedDomain"];
