import { randomUUID } from "node:crypto";
import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import type { EmbeddedStack } from "../test/embedded-stack";

/**
 * Puts an existing link under a running A/B test, as abtest-engine does for a test with
 * `primary_url_id` (its service token): the link is found through OwnershipService, then the
 * test's routing is set on it — the link's destination as the control, one variant, 50/50. The
 * link keeps every other property, so the bench compares routing and nothing else.
 */
export async function routeLinkThroughTest(
  stack: EmbeddedStack,
  accountId: string,
  code: string,
  destination: string,
): Promise<void> {
  const tokens = stack.issuer.tokensFor("abtest-engine");
  const auth = { audience: "link-api", tokens };
  const ownership = createGrpcClient(linksV1.OwnershipService, stack.linkApi.grpcAddress, { auth });
  const links = createGrpcClient(linksV1.LinkService, stack.linkApi.grpcAddress, { auth });
  try {
    const { link } = await ownership.findLink({ accountId, link: code });
    if (!link) throw new Error(`link-api does not know ${code}`);
    await links.setAbRouting({
      accountId,
      linkId: link.id,
      abTestId: randomUUID(),
      variants: [
        { variantId: randomUUID(), destinationUrl: destination, weight: 50, control: true },
        { variantId: randomUUID(), destinationUrl: `${destination}&variant=b`, weight: 50 },
      ],
    });
  } finally {
    ownership.close();
    links.close();
  }
}
