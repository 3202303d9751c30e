import { once } from "node:events";
import { AppError } from "@kurz/errors";
import { healthV1 } from "@kurz/proto";
import { afterEach, describe, expect, it } from "vitest";
import { createGrpcClient, ServingStatus } from "../src/index";
import { EchoService } from "./fixtures/gen/kurztest/echo/v1/echo_pb";
import { checkWithRawBytes, createIndependentHealthClient } from "./support/independent-health-client";
import { type StartedServer, startServer } from "./support/start-server";

const echoImplementation = {
  echo: () => ({}),
  record: () => ({}),
  async *count() {},
};

describe("grpc.health.v1 served by every Kurz gRPC server", () => {
  let started: StartedServer | undefined;
  const closers: Array<() => void> = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await started?.server.shutdown(1_000);
    started = undefined;
  });

  async function start() {
    started = await startServer((server) => server.addService(EchoService, echoImplementation));
    const typed = createGrpcClient(healthV1.Health, started.address);
    const independent = createIndependentHealthClient(started.address);
    closers.push(typed.close, independent.close);
    return { server: started.server, address: started.address, typed, independent };
  }

  it("reports the server as a whole SERVING to our typed client and to an independent client", async () => {
    const { typed, independent } = await start();

    expect((await typed.check({ service: "" })).status).toBe(ServingStatus.SERVING);
    expect((await independent.check("")).status).toBe("SERVING");
  });

  it("answers a Check whose bytes were encoded by hand", async () => {
    const { address } = await start();

    // HealthCheckRequest{} is empty; HealthCheckResponse{status: SERVING} is field 1, varint 1.
    const response = await checkWithRawBytes(address, Buffer.alloc(0));

    expect([...response]).toEqual([0x08, 0x01]);
  });

  it("reports each added service SERVING by its full name", async () => {
    const { typed, independent } = await start();

    expect((await typed.check({ service: "kurztest.echo.v1.EchoService" })).status).toBe(
      ServingStatus.SERVING,
    );
    expect((await independent.check("kurztest.echo.v1.EchoService")).status).toBe("SERVING");
  });

  it("reports NOT_SERVING after setStatus says so", async () => {
    const { server, typed, independent } = await start();

    server.setStatus("kurztest.echo.v1.EchoService", ServingStatus.NOT_SERVING);
    server.setStatus("", ServingStatus.NOT_SERVING);

    expect((await typed.check({ service: "kurztest.echo.v1.EchoService" })).status).toBe(
      ServingStatus.NOT_SERVING,
    );
    expect((await independent.check("")).status).toBe("NOT_SERVING");
  });

  it("fails Check for an unknown service with NOT_FOUND", async () => {
    const { typed, independent } = await start();

    const typedError = await typed.check({ service: "no.such.Service" }).catch((error: unknown) => error);
    expect(typedError).toBeInstanceOf(AppError);
    expect((typedError as AppError).code).toBe("NOT_FOUND");
    await expect(independent.check("no.such.Service")).rejects.toMatchObject({ code: 5 });
  });

  it("streams SERVICE_UNKNOWN, then every status change, to a Watch", async () => {
    const { server, typed } = await start();
    const seen: ServingStatus[] = [];
    const abort = new AbortController();

    const watching = (async () => {
      for await (const response of typed.watch(
        { service: "late.Service" },
        { deadlineMs: 10_000, signal: abort.signal },
      )) {
        seen.push(response.status);
        if (response.status === ServingStatus.SERVICE_UNKNOWN)
          server.setStatus("late.Service", ServingStatus.SERVING);
        if (response.status === ServingStatus.SERVING)
          server.setStatus("late.Service", ServingStatus.NOT_SERVING);
        if (response.status === ServingStatus.NOT_SERVING) break;
      }
    })();
    await watching;

    expect(seen).toEqual([ServingStatus.SERVICE_UNKNOWN, ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });

  it("streams Watch changes to an independent client too", async () => {
    const { server, independent } = await start();
    const stream = independent.watch("");
    const seen: string[] = [];

    for await (const response of stream as AsyncIterable<{ status: string }>) {
      seen.push(response.status);
      if (response.status === "SERVING") server.setStatus("", ServingStatus.NOT_SERVING);
      else break;
    }
    stream.cancel();

    expect(seen).toEqual(["SERVING", "NOT_SERVING"]);
  });

  it("tells watchers NOT_SERVING and ends their streams when the server shuts down", async () => {
    const { server, independent } = await start();
    const stream = independent.watch("");
    const seen: string[] = [];
    stream.on("data", (response: { status: string }) => seen.push(response.status));
    stream.on("error", () => {});
    await once(stream, "data");

    const ended = once(stream, "status");
    await server.shutdown(5_000);
    started = undefined;
    const [status] = (await ended) as [{ code: number }];

    expect(seen).toEqual(["SERVING", "NOT_SERVING"]);
    expect(status.code).toBe(0);
  });
});
