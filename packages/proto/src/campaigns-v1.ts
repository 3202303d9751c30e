// Barrel of the kurz.campaigns.v1 package (one proto package, several files).
export * from "./gen/kurz/campaigns/v1/campaign_pb";
export * from "./gen/kurz/campaigns/v1/campaign_service_pb";
