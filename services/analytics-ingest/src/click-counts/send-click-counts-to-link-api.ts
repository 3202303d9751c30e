import type { GenService } from "@bufbuild/protobuf/codegenv2";
import type { GrpcClient } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";
import type { SendClickCounts } from "./create-click-count-feed";

type MethodsOf<T> = T extends GenService<infer S> ? S : never;

/** The click-count feed's totals into link-api's links.clicks (ClickCountService.SetClickCounts). */
export function sendClickCountsToLinkApi(
  client: GrpcClient<MethodsOf<typeof linksV1.ClickCountService>>,
): SendClickCounts {
  return async (totals) => {
    if (totals.length === 0) return;
    await client.setClickCounts({
      counts: totals.map((total) => ({
        linkId: total.linkId,
        accountId: total.accountId,
        clicks: BigInt(total.clicks),
      })),
    });
  };
}
