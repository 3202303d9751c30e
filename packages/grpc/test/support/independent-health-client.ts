import * as grpc from "@grpc/grpc-js";
import { service as healthDefinition } from "grpc-health-check";

/**
 * A grpc.health.v1 client that shares none of our adapter: grpc-health-check's copy of the proto,
 * loaded and (de)serialized by @grpc/proto-loader / protobufjs. Enums arrive as their names.
 */
export interface IndependentHealthClient {
  check(service: string): Promise<{ status: string }>;
  watch(service: string): grpc.ClientReadableStream<{ status: string }>;
  close(): void;
}

export function createIndependentHealthClient(address: string): IndependentHealthClient {
  const Health = grpc.makeClientConstructor(healthDefinition as unknown as grpc.ServiceDefinition, "Health");
  const client = new Health(address, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    check: (
      request: { service: string },
      options: grpc.CallOptions,
      callback: (error: grpc.ServiceError | null, response: { status: string }) => void,
    ) => void;
    watch: (request: { service: string }) => grpc.ClientReadableStream<{ status: string }>;
  };
  return {
    check: (service) =>
      new Promise((resolve, reject) => {
        client.check({ service }, { deadline: Date.now() + 5_000 }, (error, response) =>
          error ? reject(error) : resolve(response),
        );
      }),
    watch: (service) => client.watch({ service }),
    close: () => client.close(),
  };
}

/** Calls Check with hand-encoded bytes: no protobuf library at all on this side. */
export function checkWithRawBytes(address: string, requestBytes: Buffer): Promise<Buffer> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return new Promise<Buffer>((resolve, reject) => {
    client.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      (bytes: Buffer) => bytes,
      (bytes: Buffer) => bytes,
      requestBytes,
      new grpc.Metadata(),
      { deadline: Date.now() + 5_000 },
      (error, response) => (error ? reject(error) : resolve(response as Buffer)),
    );
  }).finally(() => client.close());
}
