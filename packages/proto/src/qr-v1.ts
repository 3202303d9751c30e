// Barrel of the kurz.qr.v1 package (one proto package, several files).
export * from "./gen/kurz/qr/v1/qr_code_pb";
export * from "./gen/kurz/qr/v1/qr_events_pb";
export * from "./gen/kurz/qr/v1/qr_service_pb";
