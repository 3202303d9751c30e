import type { AbVariantRow } from "../db/schema";
import type { AbRoutingVariant } from "../links/link-directory";

/** A running test's variants as the edge routes them (the link snapshot's ab_variants). */
export function routingOf(variants: AbVariantRow[]): AbRoutingVariant[] {
  return variants.map((variant) => ({
    variantId: variant.id,
    destinationUrl: variant.destinationUrl,
    weight: variant.trafficWeight,
    control: variant.control,
  }));
}
