import { type DescMethod, type DescService, fromBinary, type Message, toBinary } from "@bufbuild/protobuf";
import type { MethodDefinition, ServiceDefinition } from "@grpc/grpc-js";

/**
 * The grpc-js path of a method: `/<package>.<Service>/<Method>`, as every gRPC implementation
 * spells it (the proto name, not the camelCase local name).
 */
export function grpcMethodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

/**
 * Refuses client-streaming and bidi methods. grpc-js could carry them, but no Kurz contract needs
 * them and each would need its own handler and client shape; failing at startup is clearer than
 * a half-working method.
 */
export function assertSupportedMethods(service: DescService): void {
  for (const method of service.methods) {
    if (method.methodKind !== "unary" && method.methodKind !== "server_streaming") {
      throw new Error(
        `${method.parent.typeName}.${method.name} is ${method.methodKind}: @kurz/grpc supports unary and server-streaming methods only`,
      );
    }
  }
}

/**
 * Turns a protobuf-es service descriptor into a grpc-js ServiceDefinition, keyed by each method's
 * local (camelCase) name. Messages cross the wire in the protobuf binary format via
 * toBinary/fromBinary, so any gRPC peer interoperates.
 */
export function toGrpcServiceDefinition(service: DescService): ServiceDefinition {
  assertSupportedMethods(service);
  const definition: Record<string, MethodDefinition<Message, Message>> = {};
  for (const method of service.methods) {
    definition[method.localName] = toGrpcMethodDefinition(method);
  }
  return definition;
}

export function toGrpcMethodDefinition(method: DescMethod): MethodDefinition<Message, Message> {
  return {
    path: grpcMethodPath(method),
    originalName: method.name,
    requestStream: false,
    responseStream: method.methodKind === "server_streaming",
    requestSerialize: (value) => toBuffer(toBinary(method.input, value)),
    requestDeserialize: (bytes) => fromBinary(method.input, bytes),
    responseSerialize: (value) => toBuffer(toBinary(method.output, value)),
    responseDeserialize: (bytes) => fromBinary(method.output, bytes),
  };
}

// Shares the memory rather than copying: grpc-js wants a Buffer, toBinary returns a Uint8Array.
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
