// Barrel of the kurz.auth.v1 package (one proto package, several files).
export * from "./gen/kurz/auth/v1/account_events_pb";
export * from "./gen/kurz/auth/v1/admin_service_pb";
export * from "./gen/kurz/auth/v1/auth_service_pb";
export * from "./gen/kurz/auth/v1/workspace_service_pb";
