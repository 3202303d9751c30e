// Barrel of the kurz.links.v1 package (one proto package, several files).
export * from "./gen/kurz/links/v1/click_count_service_pb";
export * from "./gen/kurz/links/v1/host_settings_pb";
export * from "./gen/kurz/links/v1/link_events_pb";
export * from "./gen/kurz/links/v1/link_import_pb";
export * from "./gen/kurz/links/v1/link_pb";
export * from "./gen/kurz/links/v1/link_service_pb";
export * from "./gen/kurz/links/v1/link_snapshot_pb";
export * from "./gen/kurz/links/v1/ownership_service_pb";
export * from "./gen/kurz/links/v1/redirect_rule_pb";
