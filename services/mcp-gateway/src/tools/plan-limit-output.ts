import type { commonV1 } from "@kurz/proto";
import { z } from "zod";

/** A plan limit as the tools return it: a number, or null for unlimited. */
export const planLimitSchema = z
  .number()
  .int()
  .nullable()
  .describe("The plan's maximum (null: unlimited; 0: not included in the plan)");

/**
 * A `Limit` as a number or null; a service too old to send the Limit gives its deprecated max
 * field, where 0 meant unlimited.
 */
export function planLimitOut(
  limit: commonV1.Limit | undefined,
  legacyMax?: bigint,
): z.output<typeof planLimitSchema> {
  if (limit?.kind.case === "unlimited") return null;
  if (limit?.kind.case === "max") return limit.kind.value;
  if (legacyMax !== undefined) return legacyMax === 0n ? null : Number(legacyMax);
  return 0;
}
