import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "@kurz/errors";
import { afterEach, describe, expect, it } from "vitest";
import { createGrpcClient, type GrpcServiceImplementation } from "../src/index";
import { retryDelayMs } from "../src/retry-policy";
import { EchoService } from "./fixtures/gen/kurztest/echo/v1/echo_pb";
import { captureLogger } from "./support/capture-logger";
import { type StartedServer, startServer } from "./support/start-server";
import { freePort } from "./support/testing";

type EchoImplementation = GrpcServiceImplementation<(typeof EchoService)["method"]>;

/** An Echo service whose unary methods fail UNAVAILABLE for their first `failures` calls. */
function flakyEchoService(failures: number) {
  const calls = { echo: 0, record: 0, count: 0 };
  const implementation: EchoImplementation = {
    echo: (request) => {
      calls.echo++;
      if (calls.echo <= failures) throw new AppError("DEPENDENCY_UNAVAILABLE");
      return { text: request.text };
    },
    record: () => {
      calls.record++;
      if (calls.record <= failures) throw new AppError("DEPENDENCY_UNAVAILABLE");
      return { calls: calls.record };
    },
    async *count(request) {
      calls.count++;
      if (calls.count <= failures) throw new AppError("DEPENDENCY_UNAVAILABLE");
      for (let value = 1; value <= request.count; value++) yield { value };
    },
  };
  return { implementation, calls };
}

describe("client retries", () => {
  let started: StartedServer | undefined;
  const closers: Array<() => void> = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await started?.server.shutdown(1_000);
    started = undefined;
  });

  function client(address: string, options: Parameters<typeof createGrpcClient>[2] = {}) {
    const created = createGrpcClient(EchoService, address, {
      retry: { maxAttempts: 3, backoffMs: 20 },
      ...options,
    });
    closers.push(created.close);
    return created;
  }

  it("retries an idempotent call that failed UNAVAILABLE once, and succeeds", async () => {
    const flaky = flakyEchoService(1);
    started = await startServer((server) => server.addService(EchoService, flaky.implementation));

    const response = await client(started.address).echo({ text: "again" });

    expect(response.text).toBe("again");
    expect(flaky.calls.echo).toBe(2);
  });

  it("never retries a call without an idempotency level", async () => {
    const flaky = flakyEchoService(1);
    started = await startServer((server) => server.addService(EchoService, flaky.implementation));

    const error = await client(started.address)
      .record({ text: "once" })
      .catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("DEPENDENCY_UNAVAILABLE");
    expect(flaky.calls.record).toBe(1);
  });

  it("gives up after maxAttempts and returns the last failure", async () => {
    const flaky = flakyEchoService(10);
    started = await startServer((server) => server.addService(EchoService, flaky.implementation));

    const error = await client(started.address)
      .echo({ text: "x" })
      .catch((thrown: unknown) => thrown);

    expect((error as AppError).code).toBe("DEPENDENCY_UNAVAILABLE");
    expect(flaky.calls.echo).toBe(3);
  });

  it("retries a server stream that failed before its first message", async () => {
    const flaky = flakyEchoService(1);
    started = await startServer((server) => server.addService(EchoService, flaky.implementation));
    const values: number[] = [];

    for await (const response of client(started.address).count({ count: 2 })) values.push(response.value);

    expect(values).toEqual([1, 2]);
    expect(flaky.calls.count).toBe(2);
  });

  it("reaches a server that comes up after the first attempt failed", async () => {
    const port = await freePort();
    const logs = captureLogger();
    const echo = client(`127.0.0.1:${port}`, {
      deadlineMs: 10_000,
      retry: { maxAttempts: 20, backoffMs: 50 },
      logger: logs.logger,
    });

    const call = echo.echo({ text: "late" });
    await logs.waitFor("grpc.call_retry");
    started = await startServer(
      (server) => server.addService(EchoService, flakyEchoService(0).implementation),
      {},
      port,
    );

    expect((await call).text).toBe("late");
  });

  it("abandons a hung attempt after attemptTimeoutMs and retries within the call deadline", async () => {
    let calls = 0;
    const implementation: EchoImplementation = {
      ...flakyEchoService(0).implementation,
      echo: async (request, context) => {
        calls++;
        // fixed-delay: the first attempt hangs until the client abandons it
        if (calls === 1) await sleep(10_000, undefined, { signal: context.signal }).catch(() => {});
        return { text: request.text };
      },
    };
    started = await startServer((server) => server.addService(EchoService, implementation));

    const response = await client(started.address, {
      deadlineMs: 5_000,
      retry: { maxAttempts: 3, backoffMs: 10, attemptTimeoutMs: 200 },
    }).echo({ text: "second try" });

    expect(response.text).toBe("second try");
    expect(calls).toBe(2);
  });

  it("does not retry DEADLINE_EXCEEDED once the call's own deadline is spent", async () => {
    let calls = 0;
    const implementation: EchoImplementation = {
      ...flakyEchoService(0).implementation,
      echo: async (_request, context) => {
        calls++;
        // fixed-delay: a handler slower than the call's deadline
        await sleep(10_000, undefined, { signal: context.signal }).catch(() => {});
        return {};
      },
    };
    started = await startServer((server) => server.addService(EchoService, implementation));

    const error = await client(started.address, { deadlineMs: 200 })
      .echo({ text: "x" })
      .catch((thrown: unknown) => thrown);

    expect((error as AppError).code).toBe("TIMEOUT");
    expect(calls).toBe(1);
  });
});

describe("retryDelayMs", () => {
  const policy = { maxAttempts: 5, backoffMs: 100, attemptTimeoutMs: undefined };
  const now = 1_000_000;

  it("backs off exponentially with jitter below the doubled base", () => {
    const delay = retryDelayMs(policy, {
      idempotent: true,
      failedAttempt: 3,
      status: 14,
      callDeadline: now + 60_000,
      now,
    });

    expect(delay).toBeGreaterThanOrEqual(200);
    expect(delay).toBeLessThan(400);
  });

  it("refuses a wait that would leave the next attempt no time before the call deadline", () => {
    expect(
      retryDelayMs(policy, { idempotent: true, failedAttempt: 1, status: 14, callDeadline: now + 10, now }),
    ).toBe(undefined);
  });

  it("refuses statuses that say the request itself was wrong", () => {
    expect(
      retryDelayMs(policy, {
        idempotent: true,
        failedAttempt: 1,
        status: 3,
        callDeadline: now + 60_000,
        now,
      }),
    ).toBe(undefined);
  });
});
