import type { components, paths } from "../../api/schema.generated";
import type { getAbTestResults } from "./get-ab-test-results";

/** An A/B test as the API returns it. */
export type AbTest = components["schemas"]["AbTest"];

export type AbTestStatus = AbTest["status"];

/**
 * A test's results: per-variant counts and comparisons, the verdict and the sample-ratio check.
 * Taken from the call rather than the schema: the client reads the intervals as number[], not
 * as the schema's pairs.
 */
export type AbTestAnalytics = Awaited<ReturnType<typeof getAbTestResults>>;

export type VariantResult = AbTestAnalytics["variants"][number];

/** What the create call takes. */
export type AbTestBody = paths["/api/v1/ab-tests"]["post"]["requestBody"]["content"]["application/json"];
