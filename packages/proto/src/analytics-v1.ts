// Barrel of the kurz.analytics.v1 package (AnalyticsService and its messages).
export * from "./gen/kurz/analytics/v1/analytics_service_pb";
export * from "./gen/kurz/analytics/v1/analytics_types_pb";
