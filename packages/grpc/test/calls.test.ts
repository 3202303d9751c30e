import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import { AppError } from "@kurz/errors";
import { afterEach, describe, expect, it } from "vitest";
import {
  createGrpcClient,
  createGrpcServer,
  type GrpcCallContext,
  type GrpcServiceImplementation,
  toGrpcServiceDefinition,
} from "../src/index";
import { EchoService, UploadService } from "./fixtures/gen/kurztest/echo/v1/echo_pb";
import { captureLogger } from "./support/capture-logger";
import { type StartedServer, startServer } from "./support/start-server";
import { waitFor } from "./support/testing";

type EchoImplementation = GrpcServiceImplementation<(typeof EchoService)["method"]>;

function echoService(overrides: Partial<EchoImplementation> = {}): EchoImplementation {
  return {
    echo: (request, context) => ({ text: request.text, accountId: context.principal?.accountId ?? "" }),
    record: () => ({ calls: 1 }),
    async *count(request) {
      for (let value = 1; value <= request.count; value++) yield { value };
    },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("calls through @kurz/grpc", () => {
  let started: StartedServer | undefined;
  const closers: Array<() => void> = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await started?.server.shutdown(1_000);
    started = undefined;
  });

  async function serve(implementation: EchoImplementation, logger = captureLogger()) {
    started = await startServer((server) => server.addService(EchoService, implementation), {
      logger: logger.logger,
    });
    const client = createGrpcClient(EchoService, started.address, { retry: { maxAttempts: 1 } });
    closers.push(client.close);
    return { client, logger };
  }

  it("answers a unary call with the handler's response", async () => {
    const { client } = await serve(echoService());

    const response = await client.echo({ text: "hi" });

    expect(response.text).toBe("hi");
    expect(response.accountId).toBe("");
  });

  it("streams every message a server-streaming handler yields", async () => {
    const { client } = await serve(echoService());
    const values: number[] = [];

    for await (const response of client.count({ count: 5 })) values.push(response.value);

    expect(values).toEqual([1, 2, 3, 4, 5]);
  });

  it("delivers an AppError thrown by a handler as the same code, message, details and hint", async () => {
    const { client } = await serve(
      echoService({
        echo: () => {
          throw new AppError("ALIAS_EXISTS", {
            message: "Alias “promo” is taken",
            details: { field: "alias" },
            hint: "Pick another alias",
          });
        },
      }),
    );

    const error = await failure(client.echo({ text: "x" }));

    expect(error.code).toBe("ALIAS_EXISTS");
    expect(error.grpcStatus).toBe(grpc.status.ALREADY_EXISTS);
    expect(error.message).toBe("Alias “promo” is taken");
    expect(error.details).toEqual({ field: "alias" });
    expect(error.hint).toBe("Pick another alias");
  });

  it("keeps the Kurz code when several codes share one gRPC status", async () => {
    const { client } = await serve(
      echoService({
        echo: () => {
          throw new AppError("PLAN_REQUIRED");
        },
      }),
    );

    const error = await failure(client.echo({ text: "x" }));

    expect(error.code).toBe("PLAN_REQUIRED");
    expect(error.grpcStatus).toBe(grpc.status.PERMISSION_DENIED);
  });

  it("turns an unexpected exception into INTERNAL without leaking its message, and logs the cause", async () => {
    const logs = captureLogger();
    const { client } = await serve(
      echoService({
        echo: () => {
          throw new Error("connection string postgres://secret@db");
        },
      }),
      logs,
    );

    const error = await failure(client.echo({ text: "x" }));

    expect(error.code).toBe("INTERNAL");
    expect(error.message).toBe("Internal error");
    expect(JSON.stringify(error.cause)).not.toContain("secret");
    const logged = await logs.waitFor("grpc.call_failed");
    expect(JSON.stringify(logged)).toContain("postgres://secret@db");
  });

  it("shows a raw gRPC client the status, the generic message and the kurz-error-code trailer", async () => {
    await serve(
      echoService({
        echo: () => {
          throw new TypeError("undefined is not a function");
        },
      }),
    );
    const raw = new grpc.Client(started!.address, grpc.credentials.createInsecure());
    closers.push(() => raw.close());

    const error = await new Promise<grpc.ServiceError>((resolve) => {
      raw.makeUnaryRequest(
        "/kurztest.echo.v1.EchoService/Echo",
        (bytes: Buffer) => bytes,
        (bytes: Buffer) => bytes,
        Buffer.alloc(0),
        (thrown) => resolve(thrown!),
      );
    });

    expect(error.code).toBe(grpc.status.INTERNAL);
    expect(error.details).toBe("Internal error");
    expect(error.metadata.get("kurz-error-code")).toEqual(["INTERNAL"]);
    expect(error.metadata.get("kurz-error-retryable")).toEqual(["false"]);
  });

  it("fails a call that outlives its deadline with TIMEOUT and aborts the handler's signal", async () => {
    let handlerSignal: AbortSignal | undefined;
    const { client } = await serve(
      echoService({
        echo: async (_request, context: GrpcCallContext) => {
          handlerSignal = context.signal;
          // fixed-delay: a handler slower than the call's deadline
          await sleep(10_000, undefined, { signal: context.signal }).catch(() => {});
          return {};
        },
      }),
    );

    const error = await failure(client.echo({ text: "x" }, { deadlineMs: 200 }));

    expect(error.code).toBe("TIMEOUT");
    await waitFor(() => handlerSignal?.aborted, "the handler's signal to be aborted");
  });

  it("delivers messages streamed before a failure, then the failure as an AppError", async () => {
    const { client } = await serve(
      echoService({
        async *count() {
          yield { value: 1 };
          throw new AppError("INVALID_STATE");
        },
      }),
    );
    const values: number[] = [];

    const error = await failure(
      (async () => {
        for await (const response of client.count({ count: 3 })) values.push(response.value);
      })(),
    );

    expect(values).toEqual([1]);
    expect(error.code).toBe("INVALID_STATE");
  });

  it("cancels the server's stream when the client stops reading", async () => {
    let serverSignal: AbortSignal | undefined;
    const { client } = await serve(
      echoService({
        async *count(_request, context) {
          serverSignal = context.signal;
          for (let value = 1; !context.signal.aborted; value++) {
            yield { value };
            // fixed-delay: a stream that goes on until it is cancelled, a message every 5 ms
            await sleep(5);
          }
        },
      }),
    );

    for await (const response of client.count({ count: 0 })) if (response.value === 3) break;

    await waitFor(() => serverSignal?.aborted, "the server stream's signal to be aborted");
  });

  it("rejects a call cancelled through its signal with the signal's reason", async () => {
    const { client } = await serve(
      echoService({
        echo: async (_request, context) => {
          // fixed-delay: a handler that answers only when cancelled
          await sleep(10_000, undefined, { signal: context.signal }).catch(() => {});
          return {};
        },
      }),
    );
    const abort = new AbortController();

    const call = client.echo({ text: "x" }, { signal: abort.signal });
    abort.abort(new Error("caller gave up"));

    await expect(call).rejects.toThrow("caller gave up");
  });

  it("refuses services with client-streaming methods, clearly, on both sides", () => {
    const server = createGrpcServer();

    expect(() => toGrpcServiceDefinition(UploadService)).toThrow(/Upload is client_streaming/);
    expect(() => server.addService(UploadService, {} as never)).toThrow(
      /unary and server-streaming methods only/,
    );
    expect(() => createGrpcClient(UploadService, "127.0.0.1:1")).toThrow(/client_streaming/);
  });

  it("maps each method to the path every gRPC implementation uses", () => {
    const definition = toGrpcServiceDefinition(EchoService);

    expect(definition.echo?.path).toBe("/kurztest.echo.v1.EchoService/Echo");
    expect(definition.count?.responseStream).toBe(true);
    expect(definition.echo?.responseStream).toBe(false);
  });
});
