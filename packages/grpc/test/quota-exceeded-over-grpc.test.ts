import * as grpc from "@grpc/grpc-js";
import { AppError, codeForGrpcStatus, errorCatalog } from "@kurz/errors";
import { afterEach, describe, expect, it } from "vitest";
import { createGrpcClient } from "../src/index";
import { EchoService } from "./fixtures/gen/kurztest/echo/v1/echo_pb";
import { type StartedServer, startServer } from "./support/start-server";

let started: StartedServer | undefined;
let close: (() => void) | undefined;

afterEach(async () => {
  close?.();
  await started?.server.shutdown(1_000);
  started = undefined;
});

describe("a used-up quota across gRPC", () => {
  it("arrives as QUOTA_EXCEEDED on FAILED_PRECONDITION with its message, details and hint, not retryable", async () => {
    started = await startServer((server) =>
      server.addService(EchoService, {
        echo: () => {
          throw new AppError("QUOTA_EXCEEDED", {
            message: "Your free plan allows 0 branded domains",
            details: { limit: 0, used: 0, plan: "free" },
            hint: "Upgrade your plan",
          });
        },
        record: () => ({ calls: 1 }),
        async *count() {},
      }),
    );
    const client = createGrpcClient(EchoService, started.address);
    close = client.close;

    const error = await client.echo({ text: "hi" }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "QUOTA_EXCEEDED",
      grpcStatus: grpc.status.FAILED_PRECONDITION,
      retryable: false,
      message: "Your free plan allows 0 branded domains",
      details: { limit: 0, used: 0, plan: "free" },
      hint: "Upgrade your plan",
    });
  });

  it("reads as a non-retryable state problem even from a peer that sends no Kurz trailers", () => {
    // A proxy or non-Kurz peer may drop trailers: the status alone must not say "retry".
    const fallback = codeForGrpcStatus(errorCatalog.QUOTA_EXCEEDED.grpc);
    expect(errorCatalog[fallback].retryable).toBe(false);
  });
});
