import { auditFields } from "@kurz/audit";
import type { TestWithVariants } from "./test-with-variants";

/** An A/B test's fields and variants as its audit entries show them. */
export function abTestAuditFields({ test, variants }: TestWithVariants): Record<string, unknown> {
  return {
    ...auditFields(test),
    variants: variants.map((variant) => auditFields(variant, ["testId"])),
  };
}
