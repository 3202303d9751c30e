import { useEffect, useState } from "preact/hooks";
import { isAbort } from "../../api/is-abort";
import { checkAlias } from "./check-alias";

/** The API's rule for custom aliases; checked here first so an impossible alias costs no call. */
export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;

/** Typing pauses this long before an alias is checked. */
const CHECK_DELAY_MS = 350;

export type AliasAvailability =
  | { state: "empty" }
  | { state: "invalid" }
  | { state: "checking"; alias: string }
  | { state: "available"; alias: string }
  | { state: "unavailable"; alias: string; reason: "invalid" | "reserved" | "taken" | "recently_deleted" }
  | { state: "unknown"; alias: string };

/**
 * Live availability of a custom alias on the chosen host: checked after typing pauses, the
 * previous check cancelled when the alias or host changes.
 */
export function useAliasAvailability(alias: string, domain: string | undefined): AliasAvailability {
  const [availability, setAvailability] = useState<AliasAvailability>({ state: "empty" });

  useEffect(() => {
    const wanted = alias.trim();
    if (wanted === "") return setAvailability({ state: "empty" });
    if (!ALIAS_PATTERN.test(wanted)) return setAvailability({ state: "invalid" });
    setAvailability({ state: "checking", alias: wanted });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkAlias(wanted, domain, controller.signal).then(
        (answer) =>
          setAvailability(
            answer.available
              ? { state: "available", alias: wanted }
              : { state: "unavailable", alias: wanted, reason: answer.reason ?? "taken" },
          ),
        (error: unknown) => {
          if (!isAbort(error)) setAvailability({ state: "unknown", alias: wanted });
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [alias, domain]);

  return availability;
}
