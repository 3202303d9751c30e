import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import { findDeletedCode } from "./deleted-code-quarantine";
import { generateShortCode, RANDOM_CODE_LENGTH } from "./generate-short-code";

/** Random-code attempts before giving up; each collision is a 1 in 10^12-ish event. */
const RANDOM_CODE_ATTEMPTS = 5;

/**
 * Inserts a link under a fresh random code on its host: one that no link holds (ON CONFLICT DO
 * NOTHING, then another) and no deleted link's tombstone holds — whoever deleted it and however
 * long ago, so a fresh code never needs the quarantine's judgement. undefined after
 * RANDOM_CODE_ATTEMPTS misses. `generate` is there for tests, which cannot steer the CSPRNG.
 */
export async function insertWithRandomCode(
  tx: LinkApiTransaction,
  values: Omit<typeof links.$inferInsert, "code">,
  generate: (length: number) => string = generateShortCode,
): Promise<LinkRow | undefined> {
  for (let attempt = 0; attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
    // After repeated collisions, a longer code: the space is filling up.
    const code = generate(RANDOM_CODE_LENGTH + Math.max(0, attempt - 2));
    if (await findDeletedCode(tx, values.host, code)) continue;
    const [inserted] = await tx
      .insert(links)
      .values({ ...values, code })
      .onConflictDoNothing({ target: [links.host, links.code] })
      .returning();
    if (inserted) return inserted;
  }
  return undefined;
}
