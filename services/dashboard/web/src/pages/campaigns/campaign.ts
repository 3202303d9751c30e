import type { components, paths } from "../../api/schema.generated";

/** A campaign as the API returns it. */
export type Campaign = components["schemas"]["Campaign"];

/** What the create call takes; the update call takes the same fields, each optional. */
export type CampaignBody = paths["/api/v1/campaigns"]["post"]["requestBody"]["content"]["application/json"];
