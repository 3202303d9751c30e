// Barrel of the kurz.webhooks.v1 package (one proto package, several files).
export * from "./gen/kurz/webhooks/v1/webhook_pb";
export * from "./gen/kurz/webhooks/v1/webhook_service_pb";
