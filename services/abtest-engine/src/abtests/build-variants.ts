import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { MAX_VARIANTS, MIN_VARIANTS, type VariantInput } from "./ab-test-input-schemas";

export type SplitMode = "equal" | "weighted";

export interface VariantDraft {
  id: string;
  position: number;
  name: string;
  destinationUrl: string;
  trafficWeight: number;
  control: boolean;
}

const invalid = (message: string, field = "variants") =>
  new AppError("VALIDATION_ERROR", { message, details: { field } });

/** Whole percents as even as they go: 100 over 3 is 34/33/33. */
export function equalWeights(count: number): number[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, index) => base + (index < 100 - base * count ? 1 : 0));
}

/**
 * The variant list of a test from its input, checked as a whole (field errors name the variant):
 * - `control` marks at most one variant. Testing an existing link without one, the link's own
 *   destination becomes the control, placed first ("its own destination becomes the control");
 *   otherwise the first variant is the control.
 * - 2 to 10 variants in all, the added control included: one alternative against a link's
 *   current destination is a test.
 * - Weighted: whole percents, each ≥ 1, summing to 100; an added control takes what the given
 *   weights leave. Equal: weights are not given (a mode is inferred as weighted when it is
 *   omitted and weights are given).
 * - `existing` ids (an update) keep their variant; an id not among them is refused.
 */
export function buildVariants(options: {
  variants: VariantInput[];
  mode: SplitMode;
  /** Destination of the link under test, when no variant is marked as control. */
  linkDestination?: string;
  existingIds?: ReadonlySet<string>;
}): VariantDraft[] {
  const { variants, mode } = options;
  const controls = variants.filter((variant) => variant.control === true).length;
  if (controls > 1) throw invalid("At most one variant can be the control");
  const withWeight = variants.filter((variant) => variant.traffic_weight !== undefined).length;
  if (mode === "equal" && withWeight > 0) {
    throw invalid("traffic_weight is only used with traffic_split_mode weighted");
  }
  const seen = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    if (variant.id === undefined) continue;
    if (seen.has(variant.id)) throw invalid("A variant id appears twice", `variants[${index}].id`);
    seen.add(variant.id);
    if (!options.existingIds?.has(variant.id)) {
      throw invalid("Unknown variant id: leave id out for a new variant", `variants[${index}].id`);
    }
  }

  const addControl = controls === 0 && options.linkDestination !== undefined;
  const total = variants.length + (addControl ? 1 : 0);
  if (total < MIN_VARIANTS) {
    throw invalid(
      addControl
        ? "Give at least one variant to test against the link's destination"
        : `A test needs at least ${MIN_VARIANTS} variants`,
    );
  }
  if (total > MAX_VARIANTS) throw invalid(`A test has at most ${MAX_VARIANTS} variants`);

  let weights: number[];
  if (mode === "equal") {
    weights = equalWeights(total);
  } else {
    if (withWeight !== variants.length) {
      throw invalid("With traffic_split_mode weighted, every variant needs a traffic_weight");
    }
    const given = variants.map((variant) => variant.traffic_weight as number);
    const sum = given.reduce((a, b) => a + b, 0);
    if (addControl) {
      if (sum >= 100) {
        throw invalid(
          `The link's destination is the control and takes the weight the variants leave: their weights sum to ${sum}, leaving none`,
        );
      }
      weights = [100 - sum, ...given];
    } else {
      if (sum !== 100) throw invalid(`Weights must sum to 100 (they sum to ${sum})`);
      weights = given;
    }
  }

  const drafts: VariantDraft[] = [];
  if (addControl) {
    drafts.push({
      id: randomUUID(),
      position: 0,
      name: "Control",
      destinationUrl: options.linkDestination as string,
      trafficWeight: weights[0] as number,
      control: true,
    });
  }
  const firstIsControl = controls === 0 && !addControl;
  for (const [index, variant] of variants.entries()) {
    const position = drafts.length;
    const control = variant.control === true || (firstIsControl && index === 0);
    drafts.push({
      id: variant.id ?? randomUUID(),
      position,
      name: variant.name?.trim() || defaultName(position, control),
      destinationUrl: variant.destination_url,
      trafficWeight: weights[position] as number,
      control,
    });
  }
  return drafts;
}

function defaultName(position: number, control: boolean): string {
  return control ? "Control" : `Variant ${String.fromCharCode(65 + position)}`;
}
