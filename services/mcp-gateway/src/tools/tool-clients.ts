import type { GrpcClient } from "@kurz/grpc";
import type {
  abtestsV1,
  analyticsV1,
  authV1,
  campaignsV1,
  domainsV1,
  linksV1,
  qrV1,
  webhooksV1,
} from "@kurz/proto";

/** The owning services' gRPC clients a tool calls (never their databases). */
export interface ToolClients {
  links: GrpcClient<typeof linksV1.LinkService.method>;
  qr: GrpcClient<typeof qrV1.QrService.method>;
  campaigns: GrpcClient<typeof campaignsV1.CampaignService.method>;
  domains: GrpcClient<typeof domainsV1.DomainService.method>;
  analytics: GrpcClient<typeof analyticsV1.AnalyticsService.method>;
  abTests: GrpcClient<typeof abtestsV1.AbTestService.method>;
  webhooks: GrpcClient<typeof webhooksV1.WebhookService.method>;
  /** auth-server's: the workspace, its members, invitations and audit log. */
  workspaces: GrpcClient<typeof authV1.WorkspaceService.method>;
}
