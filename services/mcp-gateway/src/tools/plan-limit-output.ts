import type { commonV1 } from "@kurz/proto";
import { z } from "zod";

/** A plan limit as the tools return it: a number, or null for unlimited. */
export const planLimitSchema = z
  .number()
  .int()
  .nullable()
  .describe("The plan's maximum (null: unlimited; 0: not included in the plan)");

export function planLimitOut(limit: commonV1.Limit | undefined): z.output<typeof planLimitSchema> {
  if (limit?.kind.case === "unlimited") return null;
  return limit?.kind.case === "max" ? limit.kind.value : 0;
}
