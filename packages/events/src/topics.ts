/**
 * One topic per event family (docs/architecture.md#events). The version suffix changes only with an
 * incompatible payload, which then lives beside the old topic while consumers migrate.
 */
export const eventTopics = {
  account: "kurz.account.v1",
  link: "kurz.link.v1",
  qr: "kurz.qr.v1",
  campaign: "kurz.campaign.v1",
  domain: "kurz.domain.v1",
  abtest: "kurz.abtest.v1",
  click: "kurz.click.v1",
  conversion: "kurz.conversion.v1",
  webhook: "kurz.webhook.v1",
  audit: "kurz.audit.v1",
} as const;

export type EventTopic = (typeof eventTopics)[keyof typeof eventTopics];

const DEAD_LETTER_SUFFIX = ".dlq";

/** Where a consumer parks a message it gave up on: `<topic>.dlq`. */
export function deadLetterTopic(topic: string): string {
  return `${topic}${DEAD_LETTER_SUFFIX}`;
}

export function isDeadLetterTopic(topic: string): boolean {
  return topic.endsWith(DEAD_LETTER_SUFFIX);
}

/** The given topics followed by the dead-letter topic of each (dead-letter topics get none). */
export function withDeadLetterTopics(topics: readonly string[]): string[] {
  const base = topics.filter((topic) => !isDeadLetterTopic(topic));
  return [...new Set([...topics, ...base.map(deadLetterTopic)])];
}

/** Every topic Kurz uses, dead-letter topics included: what a cluster must have. */
export function allTopics(): string[] {
  return withDeadLetterTopics(Object.values(eventTopics));
}
