import type { GenService } from "@bufbuild/protobuf/codegenv2";
import type { GrpcClient } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";

type MethodsOf<T> = T extends GenService<infer S> ? S : never;
export type LinkServiceClient = GrpcClient<MethodsOf<typeof linksV1.LinkService>>;

/** Where snapshots come from on a cache miss: link-api's Resolve. null = no such link. */
export type LinkSource = (host: string, code: string) => Promise<linksV1.LinkSnapshot | null>;

export function linkSourceFromGrpc(client: LinkServiceClient, deadlineMs: number): LinkSource {
  return async (host, code) => {
    const response = await client.resolve({ host, code }, { deadlineMs });
    return response.found && response.link ? response.link : null;
  };
}
