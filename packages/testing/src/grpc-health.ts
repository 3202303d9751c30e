import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { protoPath } from "grpc-health-check";

/**
 * Asks a server for its grpc.health.v1 status with an independent client (grpc-js + the
 * upstream health proto, loaded by proto-loader), not through Kurz's own adapter, so tests
 * prove the wire format, not just agreement with ourselves.
 */
export async function checkGrpcHealth(address: string, service = "", timeoutMs = 3000): Promise<string> {
  const definition = protoLoader.loadSync(protoPath, { enums: String, keepCase: true });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
  };
  const client = new loaded.grpc.health.v1.Health(address, grpc.credentials.createInsecure());
  try {
    return await new Promise<string>((resolve, reject) => {
      client.check!(
        { service },
        { deadline: new Date(Date.now() + timeoutMs) },
        (error: grpc.ServiceError | null, response: { status: string }) =>
          error ? reject(error) : resolve(response.status),
      );
    });
  } finally {
    client.close();
  }
}
