import { accountUsageResource } from "./account-usage-resource";
import { linkAnalyticsResource } from "./link-analytics-resource";
import { linkResource } from "./link-resource";
import type { ResourceTemplateDefinition } from "./resource-definition";

/** Every resource family, in the order resources/templates/list gives them. */
export const ALL_RESOURCES: readonly ResourceTemplateDefinition[] = [
  accountUsageResource,
  linkResource,
  linkAnalyticsResource,
];
