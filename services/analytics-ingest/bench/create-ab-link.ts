import { randomUUID } from "node:crypto";
import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import type { EmbeddedStack } from "../test/embedded-stack";

/**
 * A link under a running A/B test, made as abtest-engine makes one (its service token): a rotator
 * link from link-api, then the test's routing set on it — two variants, 50/50. Returns its code.
 */
export async function createAbLink(
  stack: EmbeddedStack,
  accountId: string,
  code: string,
  destination: string,
): Promise<string> {
  const client = createGrpcClient(linksV1.LinkService, stack.linkApi.grpcAddress, {
    auth: { audience: "link-api", tokens: stack.issuer.tokensFor("abtest-engine") },
  });
  try {
    const { link } = await client.createRotatorLink({ accountId, url: destination, customAlias: code });
    if (!link) throw new Error("link-api returned no rotator link");
    await client.setAbRouting({
      accountId,
      linkId: link.id,
      abTestId: randomUUID(),
      variants: [
        { variantId: randomUUID(), destinationUrl: `${destination}&variant=a`, weight: 50, control: true },
        { variantId: randomUUID(), destinationUrl: `${destination}&variant=b`, weight: 50 },
      ],
    });
    return link.code;
  } finally {
    client.close();
  }
}
