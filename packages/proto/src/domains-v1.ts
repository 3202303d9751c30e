// Barrel of the kurz.domains.v1 package (one proto package, several files).
export * from "./gen/kurz/domains/v1/domain_pb";
export * from "./gen/kurz/domains/v1/domain_service_pb";
