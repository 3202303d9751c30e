import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { commonV1, eventsV1, healthV1 } from "../src/index";

describe("@kurz/proto", () => {
  it("round-trips an event envelope carrying an encoded entity through the binary format", () => {
    const page = create(commonV1.PageInfoSchema, { page: 2, limit: 10, total: 31n });
    const envelope = create(eventsV1.EventEnvelopeSchema, {
      id: "0190b2a4-6f0e-7c3a-9d1e-2b4c6d8e0f12",
      type: "link.created",
      accountId: "acc_1",
      occurredAt: timestampFromDate(new Date("2025-01-02T03:04:05.678Z")),
      key: "acc_1",
      source: "link-api",
      payload: toBinary(commonV1.PageInfoSchema, page),
      payloadType: commonV1.PageInfoSchema.typeName,
    });

    const decoded = fromBinary(
      eventsV1.EventEnvelopeSchema,
      toBinary(eventsV1.EventEnvelopeSchema, envelope),
    );

    expect(decoded.payloadType).toBe("kurz.common.v1.PageInfo");
    expect(decoded.occurredAt?.seconds).toBe(envelope.occurredAt?.seconds);
    expect(fromBinary(commonV1.PageInfoSchema, decoded.payload).total).toBe(31n);
  });

  it("exposes the standard gRPC health service under its upstream name", () => {
    expect(healthV1.Health.typeName).toBe("grpc.health.v1.Health");
    expect(healthV1.Health.method.check.methodKind).toBe("unary");
    expect(healthV1.Health.method.watch.methodKind).toBe("server_streaming");
    expect(healthV1.HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN).toBe(3);
  });
});
