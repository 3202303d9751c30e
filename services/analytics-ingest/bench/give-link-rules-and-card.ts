import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { eventTopics, publishEvent } from "@kurz/events";
import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import type { EmbeddedStack } from "../test/embedded-stack";

type RuleInit = MessageInitShape<typeof linksV1.RedirectRuleSchema>;

/**
 * Gives an existing link redirect rules and/or a preview card the way link-api hands them to the
 * redirector: a `link.updated` event carrying the link's snapshot (as Resolve answers it) with the
 * fields added and its version raised. The link keeps every other property, so the bench compares
 * the decision and nothing else.
 */
export async function giveLinkRulesAndCard(
  stack: EmbeddedStack,
  accountId: string,
  host: string,
  code: string,
  extra: { rules?: RuleInit[]; ogTitle?: string; ogDescription?: string; ogImage?: string },
): Promise<void> {
  const auth = { audience: "link-api", tokens: stack.issuer.tokensFor("redirector") };
  const links = createGrpcClient(linksV1.LinkService, stack.linkApi.grpcAddress, { auth });
  const producer = stack.bus.producer({ lingerMs: 1 });
  try {
    const { link } = await links.resolve({ host, code });
    if (!link) throw new Error(`link-api does not resolve ${host}/${code}`);
    const snapshot = create(linksV1.LinkSnapshotSchema, {
      ...link,
      version: link.version + 1n,
      rules: (extra.rules ?? []).map((rule) => create(linksV1.RedirectRuleSchema, rule)),
      ogTitle: extra.ogTitle ?? "",
      ogDescription: extra.ogDescription ?? "",
      ogImage: extra.ogImage ?? "",
    });
    await publishEvent(producer, eventTopics.link, "link-api", {
      type: "link.updated",
      accountId,
      key: accountId,
      schema: linksV1.LinkChangedSchema,
      payload: { link: snapshot, previousHost: "", previousCode: "" },
    });
    await producer.flush();
  } finally {
    links.close();
    await producer.close();
  }
}

/**
 * 19 rules the bench visitor misses on their language (it accepts en-US and en; their country is
 * then never needed), and a last one it matches on device, address, referrer and time.
 */
export function twentyRulesLastMatching(destination: string): RuleInit[] {
  const misses = Array.from({ length: 19 }, (_, i) => ({
    id: `miss-${i}`,
    destinationUrl: `${destination}&rule=${i}`,
    conditions: [
      { type: "language", values: ["de", "fr"] },
      { type: "country", values: ["DE", "AT", "CH"] },
    ],
  }));
  const hit = {
    id: "hit",
    name: "Desktop readers from the news site",
    destinationUrl: `${destination}&rule=hit`,
    conditions: [
      { type: "device", values: ["desktop"] },
      { type: "ip", values: ["127.0.0.0/8", "::1/128"] },
      { type: "referrer_host", values: ["example.org"] },
      { type: "after", at: timestampFromMs(Date.parse("2020-01-01T00:00:00Z")) },
    ],
  };
  return [...misses, hit];
}
