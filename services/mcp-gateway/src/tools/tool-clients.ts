import type { GrpcClient } from "@kurz/grpc";
import type { abtestsV1, linksV1 } from "@kurz/proto";

/** The owning services' gRPC clients a tool calls (never their databases). */
export interface ToolClients {
  links: GrpcClient<typeof linksV1.LinkService.method>;
  abTests: GrpcClient<typeof abtestsV1.AbTestService.method>;
}
