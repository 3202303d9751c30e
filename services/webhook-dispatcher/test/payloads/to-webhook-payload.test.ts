import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { abtestsV1, authV1, campaignsV1, clicksV1, domainsV1, eventsV1, linksV1, qrV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import type { EnrichClick, EnrichedClickFields } from "../../src/payloads/click-enrichment";
import { toWebhookPayload } from "../../src/payloads/to-webhook-payload";
import type { WebhookEventType } from "../../src/payloads/webhook-event-types";
import type { WebhookPayloadDeps } from "../../src/payloads/webhook-payload-deps";
import { type WebhookPayloadBody, webhookBodySchema } from "../../src/payloads/webhook-payload-schemas";
import { ACCOUNT_ID, internalEvent, OCCURRED_AT } from "./internal-event";

const LINK_ID = "0191c3a0-5e2b-7c4d-8e9f-1a2b3c4d5e6f";
const CAMPAIGN_ID = "0191c39e-12ab-7def-9a01-23456789abcd";
const AB_TEST_ID = "0194e2d1-7a8b-7c9d-8e0f-1a2b3c4d5e6f";
const CONTROL_ID = "0194e2d1-7a8b-7c9d-8e0f-2b3c4d5e6f70";
const CHALLENGER_ID = "0194e2d1-7a8b-7c9d-8e0f-3c4d5e6f7081";
const CLICK_ID = "0195a1f2-3b4c-7d5e-8f60-718293a4b5c6";
const VISITOR_IP = "203.0.113.77";
const VISITOR_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const PASSWORD_HASH = "$scrypt$ln=14,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA";
const at = (iso: string) => timestampFromDate(new Date(iso));

const MUNICH_IPHONE: EnrichedClickFields = {
  country: "DE",
  region: "Bavaria",
  city: "Munich",
  deviceType: "mobile",
  browser: "Mobile Safari",
  os: "iOS",
  isBot: false,
  botName: null,
  referrerHost: "instagram.com",
};

function dependencies(enriched: EnrichedClickFields = MUNICH_IPHONE) {
  const enrichedClicks: clicksV1.ClickRecorded[] = [];
  const enrich: EnrichClick = (click) => {
    enrichedClicks.push(click);
    return enriched;
  };
  const deps: WebhookPayloadDeps = { enrich, shortUrl: (host, code) => `https://${host}/${code}` };
  return { deps, enrichedClicks };
}

/** The body as it goes on the wire, checked against the catalogue's schema of its type. */
function deliveredBody<T extends WebhookEventType>(
  payload: ReturnType<typeof toWebhookPayload>,
  type: T,
): { body: WebhookPayloadBody<T>; json: string } {
  expect(payload?.type).toBe(type);
  const { linkId: _linkId, ...body } = payload!;
  const wire = JSON.parse(JSON.stringify(body)) as unknown;
  // Parsing strips unknown keys: equality proves the body holds nothing the schema lacks.
  expect(webhookBodySchema(type).parse(wire)).toEqual(wire);
  return { body: wire as WebhookPayloadBody<T>, json: JSON.stringify(body) };
}

function linkSnapshot(overrides: MessageInitShape<typeof linksV1.LinkSnapshotSchema> = {}) {
  return {
    linkId: LINK_ID,
    accountId: ACCOUNT_ID,
    host: "go.acme.com",
    code: "spring-sale",
    destinationUrl: "https://www.acme.com/sale?utm_source=newsletter&utm_medium=email",
    dynamic: true,
    trackingEnabled: true,
    conversionTracking: true,
    passwordHash: "",
    expiresAt: at("2025-06-30T23:59:59Z"),
    maxClicks: 0n,
    expiredUrl: "",
    qr: false,
    version: 1n,
    campaignId: CAMPAIGN_ID,
    ...overrides,
  };
}

function click(
  overrides: Partial<Pick<clicksV1.ClickRecorded, "qr" | "referrer" | "abTestId" | "variantId">> & {
    utm?: undefined;
  } = {},
) {
  return internalEvent({
    type: "click.recorded",
    source: "redirector",
    key: LINK_ID,
    schema: clicksV1.ClickRecordedSchema,
    payload: {
      clickId: CLICK_ID,
      clickedAt: at("2025-03-14T09:26:53.589Z"),
      accountId: ACCOUNT_ID,
      linkId: LINK_ID,
      host: "go.acme.com",
      code: "spring-sale",
      destinationUrl: "https://www.acme.com/sale",
      qr: false,
      userAgent: VISITOR_AGENT,
      referrer: "https://www.instagram.com/",
      utm: { source: "instagram", medium: "social", campaign: "spring-2025" },
      ip: VISITOR_IP,
      method: clicksV1.RequestMethod.GET,
      campaignId: CAMPAIGN_ID,
      ...overrides,
    },
  });
}

function abTest(overrides: MessageInitShape<typeof abtestsV1.AbTestSchema> = {}) {
  return {
    id: AB_TEST_ID,
    accountId: ACCOUNT_ID,
    name: "Landing page headline",
    description: "",
    status: "running",
    trafficSplitMode: "weighted",
    conversionsEnabled: true,
    minSampleSize: 100,
    confidenceLevel: 95,
    linkId: LINK_ID,
    shortUrl: "https://go.acme.com/spring-sale",
    rotator: false,
    // Given out of order: the webhook lists them by position.
    variants: [
      {
        id: CHALLENGER_ID,
        name: "B",
        destinationUrl: "https://www.acme.com/b",
        trafficWeight: 30,
        position: 1,
      },
      {
        id: CONTROL_ID,
        name: "A",
        destinationUrl: "https://www.acme.com/a",
        trafficWeight: 70,
        control: true,
        position: 0,
      },
    ],
    autoComplete: true,
    minDurationDays: 7,
    createdAt: at("2025-03-01T10:00:00Z"),
    updatedAt: at("2025-03-03T08:00:00Z"),
    startedAt: at("2025-03-03T08:00:00Z"),
    originalDestinationUrl: "https://www.acme.com/sale",
    ...overrides,
  };
}

describe("toWebhookPayload", () => {
  it("turns link.created into a link.created webhook dated when the link was created", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "link.created",
        schema: linksV1.LinkChangedSchema,
        payload: { link: linkSnapshot() },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "link.created");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(body.timestamp).toBe(OCCURRED_AT.toISOString());
    expect(body.data).toMatchObject({
      link_id: LINK_ID,
      short_code: "spring-sale",
      domain: "go.acme.com",
      short_url: "https://go.acme.com/spring-sale",
      is_dynamic: true,
      campaign_id: CAMPAIGN_ID,
      ab_test_id: null,
      expires_at: "2025-06-30T23:59:59.000Z",
      max_clicks: null,
      expired_url: null,
      password_protected: false,
    });
  });

  it("carries the link's redirect rules as the REST API takes them, its app links and its card", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "link.updated",
        schema: linksV1.LinkChangedSchema,
        payload: {
          link: linkSnapshot({
            rules: [
              {
                id: "summer",
                name: "",
                destinationUrl: "https://www.acme.com/summer",
                conditions: [
                  { type: "country", values: ["DE"] },
                  { type: "after", at: at("2026-06-01T00:00:00Z") },
                ],
              },
            ],
            iosUrl: "https://apps.apple.com/app/id1",
            ogTitle: "Summer sale",
          }),
        },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "link.updated");
    expect(body.data).toMatchObject({
      rules: [
        {
          id: "summer",
          destination_url: "https://www.acme.com/summer",
          conditions: [
            { type: "country", values: ["DE"] },
            { type: "after", at: "2026-06-01T00:00:00.000Z" },
          ],
        },
      ],
      ios_url: "https://apps.apple.com/app/id1",
      android_url: null,
      og_title: "Summer sale",
      og_image: null,
    });
  });

  it("says a link is password protected without ever sending the password hash", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "link.updated",
        schema: linksV1.LinkChangedSchema,
        payload: { link: linkSnapshot({ passwordHash: PASSWORD_HASH, maxClicks: 1000n }) },
      }),
      deps,
    );
    const { body, json } = deliveredBody(payload, "link.updated");
    expect(body.data).toMatchObject({
      password_protected: true,
      max_clicks: 1000,
      previous_short_code: null,
    });
    expect(json).not.toContain("scrypt");
    expect(json).not.toContain("c2FsdHNhbHRzYWx0");
  });

  it("tells where a moved link answered before", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "link.updated",
        schema: linksV1.LinkChangedSchema,
        payload: {
          link: linkSnapshot({ code: "spring" }),
          previousHost: "go.acme.com",
          previousCode: "spring-sale",
        },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "link.updated");
    expect(body.data).toMatchObject({
      short_url: "https://go.acme.com/spring",
      previous_domain: "go.acme.com",
      previous_short_code: "spring-sale",
      previous_short_url: "https://go.acme.com/spring-sale",
    });
  });

  it("turns a click on a plain link into link.clicked with the injected enrichment", () => {
    const { deps, enrichedClicks } = dependencies();
    const payload = toWebhookPayload(click(), deps);
    const { body } = deliveredBody(payload, "link.clicked");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(enrichedClicks.map((seen) => seen.clickId)).toEqual([CLICK_ID]);
    expect(body.data).toEqual({
      click_id: CLICK_ID,
      clicked_at: "2025-03-14T09:26:53.589Z",
      link_id: LINK_ID,
      short_code: "spring-sale",
      domain: "go.acme.com",
      short_url: "https://go.acme.com/spring-sale",
      destination_url: "https://www.acme.com/sale",
      campaign_id: CAMPAIGN_ID,
      country: "DE",
      region: "Bavaria",
      city: "Munich",
      device_type: "mobile",
      browser: "Mobile Safari",
      os: "iOS",
      referrer_url: "https://www.instagram.com/",
      referrer_host: "instagram.com",
      utm: { source: "instagram", medium: "social", campaign: "spring-2025", term: "", content: "" },
      is_bot: false,
      bot_name: null,
      ab_test_id: null,
      variant_id: null,
    });
  });

  it("hands the visitor's IP address and user agent to enrichment only, never to the webhook", () => {
    const { deps, enrichedClicks } = dependencies();
    const { json } = deliveredBody(toWebhookPayload(click(), deps), "link.clicked");
    expect(enrichedClicks[0]).toMatchObject({ ip: VISITOR_IP, userAgent: VISITOR_AGENT });
    expect(json).not.toContain(VISITOR_IP);
    expect(json).not.toContain("iPhone OS 17_4");
  });

  it("turns a click on a dynamic QR code's link into qr.scanned", () => {
    const { deps } = dependencies({ ...MUNICH_IPHONE, referrerHost: null });
    const payload = toWebhookPayload(click({ qr: true, referrer: "", utm: undefined }), deps);
    const { body } = deliveredBody(payload, "qr.scanned");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(body.data).toMatchObject({ referrer_url: null, referrer_host: null, utm: { source: "" } });
  });

  it("names the bot of a bot click and the A/B variant of a split click", () => {
    const { deps } = dependencies({
      ...MUNICH_IPHONE,
      deviceType: "bot",
      isBot: true,
      botName: "slackbot-linkexpanding",
    });
    const payload = toWebhookPayload(click({ abTestId: AB_TEST_ID, variantId: CONTROL_ID }), deps);
    const { body } = deliveredBody(payload, "link.clicked");
    expect(body.data).toMatchObject({
      is_bot: true,
      bot_name: "slackbot-linkexpanding",
      ab_test_id: AB_TEST_ID,
      variant_id: CONTROL_ID,
    });
  });

  it("turns qr.created into qr.created, leaving out a Wi-Fi code's network password", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "qr.created",
        schema: qrV1.QrCodeChangedSchema,
        payload: {
          qrCode: {
            id: "0191c3b1-0a2b-7c3d-9e4f-5a6b7c8d9e0f",
            accountId: ACCOUNT_ID,
            name: "Guest Wi-Fi",
            type: qrV1.QrContentType.WIFI,
            content: JSON.stringify({
              ssid: "Acme Guest",
              password: "correct-horse-battery",
              encryption: "WPA",
              hidden: false,
            }),
            payload: "WIFI:T:WPA;S:Acme Guest;P:correct-horse-battery;;",
            style: {
              size: 300,
              foregroundColor: "#000000",
              backgroundColor: "#FFFFFF",
              format: qrV1.QrFormat.PNG,
            },
            createdAt: at("2025-03-02T10:15:00Z"),
            updatedAt: at("2025-03-02T10:15:00Z"),
          },
        },
      }),
      deps,
    );
    const { body, json } = deliveredBody(payload, "qr.created");
    expect(payload?.linkId).toBeUndefined();
    expect(body.data).toMatchObject({
      type: "wifi",
      content: { ssid: "Acme Guest", encryption: "WPA", hidden: false },
      payload: null,
      error_correction: "M",
      margin: 4,
      module_shape: "square",
    });
    expect(json).not.toContain("correct-horse-battery");
  });

  it("turns campaign.deleted into campaign.deleted with its last state", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "campaign.deleted",
        schema: campaignsV1.CampaignChangedSchema,
        payload: {
          campaign: {
            id: CAMPAIGN_ID,
            accountId: ACCOUNT_ID,
            name: "Spring sale 2025",
            tags: ["sale"],
            linkCount: 12n,
            createdAt: at("2025-02-27T14:03:11Z"),
            updatedAt: at("2025-03-01T09:30:00Z"),
          },
        },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "campaign.deleted");
    expect(body.data).toMatchObject({ id: CAMPAIGN_ID, link_count: 12, description: "" });
  });

  const brandedDomain = {
    id: "0191c380-4d5e-7f60-8a1b-2c3d4e5f6a7b",
    accountId: ACCOUNT_ID,
    domain: "go.acme.com",
    status: domainsV1.BrandedDomainStatus.VERIFIED,
    verificationRecordName: "_kurz-verify.go.acme.com",
    verificationRecordValue: "kurz-verify=4f1c9a7e2b6d8c0e",
    lastCheckedAt: at("2025-02-26T16:42:05Z"),
    verifiedAt: at("2025-02-26T16:42:05Z"),
    createdAt: at("2025-02-26T16:20:48Z"),
    updatedAt: at("2025-02-26T16:42:05Z"),
    rootRedirectUrl: "https://acme.com/",
    expiredRedirectUrl: "https://acme.com/offers-ended",
    assetLinks: '[{"relation":["delegate_permission/common.handle_all_urls"]}]',
  };

  it("turns domain.verified into domain.verified", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "domain.verified",
        schema: domainsV1.DomainChangedSchema,
        payload: { domain: { case: "brandedDomain", value: brandedDomain } },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "domain.verified");
    expect(body.data).toMatchObject({
      status: "verified",
      failure_reason: null,
      verified_at: "2025-02-26T16:42:05.000Z",
      root_redirect_url: "https://acme.com/",
      not_found_redirect_url: null,
      expired_redirect_url: "https://acme.com/offers-ended",
      has_apple_app_site_association: false,
      has_asset_links: true,
    });
    // The files themselves are not repeated.
    expect(JSON.stringify(body.data)).not.toContain("delegate_permission");
  });

  it("sends no webhook for domain.updated, domain.created or domain.deleted", () => {
    const { deps } = dependencies();
    for (const type of ["domain.updated", "domain.created", "domain.deleted"]) {
      const event = internalEvent({
        type,
        schema: domainsV1.DomainChangedSchema,
        payload: { domain: { case: "brandedDomain", value: brandedDomain } },
      });
      expect(toWebhookPayload(event, deps)).toBeUndefined();
    }
  });

  it("sends no webhook for account.created", () => {
    const { deps } = dependencies();
    const event = internalEvent({
      type: "account.created",
      source: "auth-server",
      schema: authV1.AccountCreatedSchema,
      payload: { account: { id: ACCOUNT_ID, email: "ada@acme.com", name: "Ada" } },
    });
    expect(toWebhookPayload(event, deps)).toBeUndefined();
  });

  it("sends no webhook for abtest.paused, abtest.resumed or abtest.created", () => {
    const { deps } = dependencies();
    for (const type of ["abtest.paused", "abtest.resumed", "abtest.created"]) {
      const event = internalEvent({
        type,
        source: "abtest-engine",
        schema: abtestsV1.AbTestChangedSchema,
        payload: { test: abTest({ status: "paused" }) },
      });
      expect(toWebhookPayload(event, deps)).toBeUndefined();
    }
  });

  it("turns abtest.started into abtest.started about the test's link", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "abtest.started",
        source: "abtest-engine",
        schema: abtestsV1.AbTestChangedSchema,
        payload: { test: abTest() },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "abtest.started");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(body.data.variants.map((variant) => variant.id)).toEqual([CONTROL_ID, CHALLENGER_ID]);
  });

  it("turns abtest.completed into abtest.completed with the winner", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "abtest.completed",
        source: "abtest-engine",
        schema: abtestsV1.AbTestChangedSchema,
        payload: {
          test: abTest({
            status: "completed",
            winnerVariantId: CHALLENGER_ID,
            completedAt: at("2025-03-12T02:00:04Z"),
          }),
        },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "abtest.completed");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(body.data).toMatchObject({
      status: "completed",
      winner_variant_id: CHALLENGER_ID,
      completed_at: "2025-03-12T02:00:04.000Z",
      primary_url_id: LINK_ID,
    });
  });

  it("turns conversion.recorded into conversion.recorded about the clicked link", () => {
    const { deps } = dependencies();
    const payload = toWebhookPayload(
      internalEvent({
        type: "conversion.recorded",
        source: "analytics-ingest",
        key: LINK_ID,
        schema: clicksV1.ConversionRecordedSchema,
        payload: {
          conversionId: "5c0d8e1f-9a2b-8c3d-b4e5-f60718293a4b",
          clickId: CLICK_ID,
          accountId: ACCOUNT_ID,
          linkId: LINK_ID,
          host: "go.acme.com",
          code: "spring-sale",
          campaignId: CAMPAIGN_ID,
          clickedAt: at("2025-03-14T09:26:53.589Z"),
          eventName: "purchase",
          value: 49.9,
          currency: "EUR",
          metadataJson: JSON.stringify({ order_id: "A-10293" }),
          occurredAt: at("2025-03-14T09:41:07.305Z"),
        },
      }),
      deps,
    );
    const { body } = deliveredBody(payload, "conversion.recorded");
    expect(payload?.linkId).toBe(LINK_ID);
    expect(body.data).toMatchObject({
      value: 49.9,
      currency: "EUR",
      metadata: { order_id: "A-10293" },
      short_url: "https://go.acme.com/spring-sale",
      ab_test_id: null,
    });
  });

  it("throws on a payload that does not decode", () => {
    const { deps } = dependencies();
    const envelope = create(eventsV1.EventEnvelopeSchema, {
      id: "0195a1f2-0000-7000-8000-000000000001",
      type: "link.created",
      accountId: ACCOUNT_ID,
      occurredAt: timestampFromDate(OCCURRED_AT),
      payload: new Uint8Array([0x0a, 0xff, 0xff]),
      payloadType: linksV1.LinkChangedSchema.typeName,
    });
    expect(() => toWebhookPayload(envelope, deps)).toThrow(/not a valid kurz\.links\.v1\.LinkChanged/);
  });

  it("throws on a webhook-producing event whose payload is another message type", () => {
    const { deps } = dependencies();
    const event = internalEvent({
      type: "link.created",
      schema: linksV1.LinkSchema,
      payload: { id: LINK_ID, code: "spring-sale" },
    });
    expect(() => toWebhookPayload(event, deps)).toThrow(/expected a kurz\.links\.v1\.LinkChanged payload/);
  });

  it("throws on a link event that carries no link", () => {
    const { deps } = dependencies();
    const event = internalEvent({ type: "link.deleted", schema: linksV1.LinkChangedSchema, payload: {} });
    expect(() => toWebhookPayload(event, deps)).toThrow(/carries no link/);
  });
});
