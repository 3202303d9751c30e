// Barrel of the kurz.abtests.v1 package (one proto package, several files).
export * from "./gen/kurz/abtests/v1/ab_test_pb";
export * from "./gen/kurz/abtests/v1/ab_test_service_pb";
