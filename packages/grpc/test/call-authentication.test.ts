import { AppError } from "@kurz/errors";
import { healthV1 } from "@kurz/proto";
import { afterEach, describe, expect, it } from "vitest";
import {
  bindActor,
  type CallAuthenticator,
  type CallPrincipal,
  type CallTokenSource,
  callingAccount,
  createGrpcClient,
  createGrpcServer,
  type GrpcServiceAccess,
  type GrpcServiceImplementation,
  runAsActor,
} from "../src/index";
import { EchoService } from "./fixtures/gen/kurztest/echo/v1/echo_pb";
import { captureLogger } from "./support/capture-logger";
import { type StartedServer, startServer } from "./support/start-server";

type EchoMethods = (typeof EchoService)["method"];

/**
 * The adapter only transports and checks proofs; verifying a JWT is @kurz/auth-verifier's job
 * (tested there against real keys). Here a token is a readable string the fake authenticator
 * decodes: "service:<name>:<audience>", "user:<account>:<scope,scope>", "key:<account>:<audience>".
 */
const fakeAuthenticator =
  (audience: string): CallAuthenticator =>
  async (metadata) => {
    const header = metadata.get("authorization")[0];
    if (typeof header !== "string" || !header.startsWith("Bearer ")) {
      throw new AppError("AUTHENTICATION_REQUIRED", { message: "no token" });
    }
    const [kind, subject, ...rest] = header.slice(7).split(":");
    const detail = rest.join(":");
    if (kind === "service" || kind === "key") {
      if (detail !== audience) throw new AppError("FORBIDDEN", { message: "token for another audience" });
      return kind === "service"
        ? { service: subject ?? "", accountId: undefined, scopes: new Set() }
        : { service: "gateway", accountId: subject, scopes: new Set(["echo:read"]) };
    }
    if (kind === "user") {
      const forwarder = metadata.get("kurz-service-authorization")[0];
      if (typeof forwarder !== "string")
        throw new AppError("AUTHENTICATION_REQUIRED", { message: "who forwards?" });
      return {
        service: forwarder.split(":")[1] ?? "",
        accountId: subject,
        scopes: new Set(detail?.split(",")),
      };
    }
    throw new AppError("AUTHENTICATION_REQUIRED", { message: "unknown token" });
  };

const tokensOf = (service: string): CallTokenSource => ({
  serviceToken: async (audience) => `service:${service}:${audience}`,
  apiKeyToken: async (apiKey, audience) => `key:${apiKey.replace("key_", "")}:${audience}`,
});

const ACCESS: GrpcServiceAccess<EchoMethods> = {
  echo: { account: "echo:read" },
  record: "service",
  count: { account: "echo:read" },
};

function principalEcho(seen: CallPrincipal[]): GrpcServiceImplementation<EchoMethods> {
  return {
    echo: (request, context) => {
      if (context.principal) seen.push(context.principal);
      return { text: request.text, accountId: callingAccount(context) };
    },
    record: (_request, context) => {
      if (context.principal) seen.push(context.principal);
      return { calls: 1 };
    },
    async *count(request, context) {
      if (context.principal) seen.push(context.principal);
      for (let value = 1; value <= request.count; value++) yield { value };
    },
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

describe("calls carry proof, not a claim", () => {
  let started: StartedServer | undefined;
  const closers: Array<() => void> = [];
  const seen: CallPrincipal[] = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    seen.length = 0;
    await started?.server.shutdown(1_000);
    started = undefined;
  });

  async function serve(logger = captureLogger()) {
    started = await startServer((server) => server.addService(EchoService, principalEcho(seen), ACCESS), {
      authenticate: fakeAuthenticator("echo-api"),
      logger: logger.logger,
    });
    const client = (service: string | undefined, audience = "echo-api") => {
      const created = createGrpcClient(EchoService, started!.address, {
        retry: { maxAttempts: 1 },
        ...(service ? { auth: { audience, tokens: tokensOf(service) } } : {}),
      });
      closers.push(created.close);
      return created;
    };
    return { client, logger };
  }

  it("refuses a call that only claims an account in x-kurz-account-id metadata", async () => {
    const { client, logger } = await serve();
    const forged = client(undefined);

    const error = await failure(forged.echo({ text: "hi" }, { metadata: { "x-kurz-account-id": "victim" } }));

    expect(error.code).toBe("AUTHENTICATION_REQUIRED");
    expect(seen).toEqual([]);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ event: "grpc.call_refused", code: "AUTHENTICATION_REQUIRED" }),
    );
  });

  it("ignores x-kurz-account-id next to a valid token: the account comes from the token only", async () => {
    const { client } = await serve();

    const response = await client("mcp-gateway").echo(
      { text: "hi" },
      { actor: { apiKey: "key_owner" }, metadata: { "x-kurz-account-id": "victim" } },
    );

    expect(response.accountId).toBe("owner");
  });

  it("sends the service's own token for the callee's audience, and the callee admits it where a service may call", async () => {
    const { client } = await serve();

    await client("redirector").record({ text: "x" });

    expect(seen).toEqual([{ service: "redirector", accountId: undefined, scopes: new Set() }]);
  });

  it("refuses a service token on a method that acts for an account (FORBIDDEN)", async () => {
    const { client } = await serve();

    expect((await failure(client("redirector").echo({ text: "x" }))).code).toBe("FORBIDDEN");
  });

  it("refuses a token meant for another service (FORBIDDEN)", async () => {
    const { client } = await serve();

    expect((await failure(client("redirector", "link-api").record({ text: "x" }))).code).toBe("FORBIDDEN");
  });

  it("forwards a user's access token with the forwarding service's token beside it", async () => {
    const { client } = await serve();

    const response = await client("analytics-ingest").echo(
      { text: "hi" },
      { actor: { accessToken: "user:acct-1:echo:read" } },
    );

    expect(response.accountId).toBe("acct-1");
    expect(seen[0]).toMatchObject({ service: "analytics-ingest", accountId: "acct-1" });
  });

  it("refuses an account whose token lacks the method's scope (INSUFFICIENT_SCOPE)", async () => {
    const { client } = await serve();

    const error = await failure(
      client("analytics-ingest").echo({ text: "hi" }, { actor: { accessToken: "user:acct-1:other:scope" } }),
    );

    expect(error.code).toBe("INSUFFICIENT_SCOPE");
    expect(error.details).toEqual({ required_scope: "echo:read" });
  });

  it("takes the actor of the enclosing runAsActor, for unary calls and streams started inside it", async () => {
    const { client } = await serve();
    const gateway = client("mcp-gateway");

    const { unary, stream } = runAsActor({ apiKey: "key_acct-7" }, () => ({
      unary: gateway.echo({ text: "x" }),
      stream: gateway.count({ count: 2 }),
    }));
    // Iterated outside runAsActor: the actor was captured when the call was made.
    const values: number[] = [];
    for await (const message of stream) values.push(message.value);

    expect((await unary).accountId).toBe("acct-7");
    expect(values).toEqual([1, 2]);
    expect(seen.map((principal) => principal.accountId)).toEqual(["acct-7", "acct-7"]);
  });

  it("binds a client to an actor without runAsActor: its calls act for it unless a call names its own", async () => {
    const { client } = await serve();
    const gateway = client("mcp-gateway");
    const bound = bindActor(gateway, { apiKey: "key_acct-8" });

    const values: number[] = [];
    for await (const message of bound.count({ count: 2 })) values.push(message.value);
    const own = await bound.echo({ text: "x" }, { actor: { apiKey: "key_acct-9" } });
    const asService = await failure(bound.echo({ text: "x" }, { actor: "service" }));

    expect(await bound.echo({ text: "x" })).toMatchObject({ accountId: "acct-8" });
    expect(values).toEqual([1, 2]);
    expect(own.accountId).toBe("acct-9");
    // "service" is the calling service alone: refused on a method that acts for an account.
    expect(asService.code).toBe("FORBIDDEN");
    // The unbound client is unchanged: its calls still act for the service alone.
    expect((await failure(gateway.echo({ text: "x" }))).code).toBe("FORBIDDEN");
    expect(seen.map((principal) => principal.accountId)).toEqual(["acct-8", "acct-9", "acct-8"]);
    expect(bound.close).toBe(gateway.close);
  });

  it("keeps grpc.health.v1 open: probes carry no token", async () => {
    await serve();
    const health = createGrpcClient(healthV1.Health, started!.address);
    closers.push(health.close);

    const response = await health.check({ service: "" });

    expect(response.status).toBe(1);
  });

  it("serves a method declared open without a token: its handler proves the caller itself", async () => {
    started = await startServer(
      (server) =>
        server.addService(EchoService, principalEcho(seen), {
          ...ACCESS,
          record: { open: "the handler checks an operator secret" },
        }),
      { authenticate: fakeAuthenticator("echo-api") },
    );
    const anonymous = createGrpcClient(EchoService, started.address, { retry: { maxAttempts: 1 } });
    closers.push(anonymous.close);

    expect((await anonymous.record({ text: "x" })).calls).toBe(1);
    expect(seen).toEqual([]);
    await expect(anonymous.echo({ text: "x" })).rejects.toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
  });

  it("will not serve a service nobody guards", () => {
    const open = createGrpcServer();
    const guarded = createGrpcServer({ authenticate: fakeAuthenticator("x") });

    expect(() => open.addService(EchoService, principalEcho([]))).toThrow(/no authenticator/);
    expect(() => guarded.addService(EchoService, principalEcho([]))).toThrow(/declare who may call it/);
    expect(() =>
      guarded.addService(EchoService, principalEcho([]), {
        echo: "service",
      } as GrpcServiceAccess<EchoMethods>),
    ).toThrow(/Record: declare who may call it/);
  });

  it("refuses to act for someone on a client that has no auth", async () => {
    const { client } = await serve();

    await expect(client(undefined).echo({ text: "x" }, { actor: { apiKey: "key_x" } })).rejects.toThrow(
      /no `auth` option/,
    );
    // An actor from the context is not the call's own request: such a client just sends nothing.
    await expect(
      runAsActor({ apiKey: "key_x" }, () => client(undefined).echo({ text: "x" })),
    ).rejects.toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
  });
});
