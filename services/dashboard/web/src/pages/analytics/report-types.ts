import type { components } from "../../api/schema.generated";

/**
 * The analytics reports, named for this folder: every type is the generated one of the OpenAPI
 * document (analytics-ingest's route schemas, services/analytics-ingest/src/routes/report-schemas.ts),
 * so a change of the API's answer is a type error here, not a surprise in a browser.
 */
type Schemas = components["schemas"];

export type Granularity = Schemas["ReportRange"]["granularity"];
/** `clicks` are human clicks; bots and HEAD requests are counted apart. */
export type ClickCounts = Schemas["ClickCounts"];
/** `key` is "" when unknown (no referrer, an address outside the geography data, …). */
export type BreakdownEntry = Schemas["BreakdownEntry"];
export type TimelinePoint = Schemas["TimelinePoint"];
export type LinkStats = Schemas["LinkStats"];
export type Geography = Schemas["Geography"];
export type Devices = Schemas["Devices"];
export type Referrers = Schemas["Referrers"];
export type UtmBreakdown = Schemas["UtmBreakdown"];
export type TrafficQuality = Schemas["TrafficQuality"];
export type CurrencyTotal = Schemas["CurrencyTotal"];
export type ConversionStats = Schemas["ConversionStats"];
/** GET /api/v1/analytics/{id}/complete */
export type CompleteReport = Schemas["CompleteReport"];
/** `ruleId` null is the link's default destination. */
export type RuleEntry = Schemas["RuleEntry"];
/** GET /api/v1/analytics/{id}/rules */
export type RulesReport = Schemas["RulesReport"];
