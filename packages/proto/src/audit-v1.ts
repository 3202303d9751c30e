// Barrel of the kurz.audit.v1 package.
export * from "./gen/kurz/audit/v1/audit_events_pb";
