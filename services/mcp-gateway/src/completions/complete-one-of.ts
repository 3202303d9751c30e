import { type Completer, completionOf } from "./completer";

/** A fixed set of values (e.g. a report period), those beginning with what was typed. */
export function completeOneOf(values: readonly string[]): Completer {
  return async (_clients, typed) => {
    const matching = values.filter((value) => value.toLowerCase().startsWith(typed.toLowerCase()));
    return completionOf(matching, typed, matching.length);
  };
}
