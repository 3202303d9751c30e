import { AsyncLocalStorage } from "node:async_hooks";
import {
  credentials,
  makeGenericClientConstructor,
  Server,
  ServerCredentials,
  type ServiceDefinition,
  type ServiceError,
} from "@grpc/grpc-js";
import { expect, it } from "vitest";
import { defaultServerChannelOptions } from "../src/channel-options";

const passThrough = (bytes: Buffer) => bytes;
const echo: ServiceDefinition = {
  echo: {
    path: "/test.Echo/Echo",
    requestStream: false,
    responseStream: false,
    requestSerialize: passThrough,
    requestDeserialize: passThrough,
    responseSerialize: passThrough,
    responseDeserialize: passThrough,
  },
};

it("runs a handler in the async context the server was started in, which http2 data events lose", async () => {
  const startedAs = new AsyncLocalStorage<string>();
  const seen: Array<string | undefined> = [];
  const server = new Server(defaultServerChannelOptions);
  server.addService(echo, {
    echo: (_call: unknown, done: (error: null, reply: Buffer) => void) => {
      seen.push(startedAs.getStore());
      done(null, Buffer.from("ok"));
    },
  });
  const port = await startedAs.run(
    "auth-server",
    () =>
      new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", ServerCredentials.createInsecure(), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      ),
  );
  const Client = makeGenericClientConstructor(echo, "Echo");
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as {
    echo(request: Buffer, callback: (error: ServiceError | null, reply: Buffer) => void): void;
    close(): void;
  };
  try {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) =>
        client.echo(Buffer.from("hi"), (error) => (error ? reject(error) : resolve())),
      );
    }
    expect(seen).toEqual(["auth-server", "auth-server"]);
  } finally {
    client.close();
    server.forceShutdown();
  }
});
