// Barrel of the kurz.clicks.v1 package (click and conversion event payloads).
export * from "./gen/kurz/clicks/v1/click_events_pb";
export * from "./gen/kurz/clicks/v1/conversion_events_pb";
