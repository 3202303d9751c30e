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

export * as abtestsV1 from "./abtests-v1";
export * as analyticsV1 from "./analytics-v1";
export * as auditV1 from "./audit-v1";
export * as authV1 from "./auth-v1";
export * as campaignsV1 from "./campaigns-v1";
export * as clicksV1 from "./clicks-v1";
export * as commonV1 from "./common-v1";
export * as domainsV1 from "./domains-v1";
export * as healthV1 from "./gen/grpc/health/v1/health_pb";
export * as eventsV1 from "./gen/kurz/events/v1/envelope_pb";
export * as linksV1 from "./links-v1";
export * as qrV1 from "./qr-v1";
export * as webhooksV1 from "./webhooks-v1";
