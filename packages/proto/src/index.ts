/**
 * Generated protobuf-es code for every contract in /proto, one namespace per proto package
 * (`<domain><Version>`), so that `v1` and a later `v2` of a package never collide:
 *
 *   import { create, toBinary } from "@bufbuild/protobuf";
 *   import { eventsV1 } from "@kurz/proto";
 *   toBinary(eventsV1.EventEnvelopeSchema, create(eventsV1.EventEnvelopeSchema, { ... }));
 *
 * When a proto package grows a second file, give it a barrel module (`src/<domain>-v1.ts`
 * re-exporting each generated file) and point its namespace here at the barrel.
 */

export * as healthV1 from "./gen/grpc/health/v1/health_pb";
export * as authV1 from "./gen/kurz/auth/v1/auth_service_pb";
export * as commonV1 from "./gen/kurz/common/v1/page_pb";
export * as eventsV1 from "./gen/kurz/events/v1/envelope_pb";
export * as linksV1 from "./links-v1";
