import type { paths } from "../../api/schema.generated";

type ListAnswer = paths["/api/v1/webhooks"]["get"]["responses"]["200"]["content"]["application/json"];
type DeliveriesAnswer =
  paths["/api/v1/webhooks/{id}/deliveries"]["get"]["responses"]["200"]["content"]["application/json"];

/** A webhook endpoint as the API returns it (`secret` only in the answers of create and rotate). */
export type Webhook = ListAnswer["webhooks"][number];

/** One delivery of the endpoint's log, with its last attempt. */
export type Delivery = DeliveriesAnswer["deliveries"][number];

/** What the create call takes; the update call takes the same fields, each optional. */
export type WebhookBody = paths["/api/v1/webhooks"]["post"]["requestBody"]["content"]["application/json"];

/** An event type an endpoint may subscribe to (`webhook.test` is sent on request only). */
export type EventType = WebhookBody["event_types"][number];
