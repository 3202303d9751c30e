import { useEffect, useState } from "preact/hooks";
import { isAbort } from "../../api/is-abort";
import { checkSubdomain } from "./check-subdomain";
import { suggestSubdomains } from "./suggest-subdomains";

/** Typing pauses this long before the label is checked. */
const CHECK_DELAY_MS = 350;

export type SubdomainAvailability =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "available"; label: string }
  | { state: "unavailable"; label: string; reason: string; message: string | undefined }
  | { state: "unknown" };

export interface SubdomainCheck {
  availability: SubdomainAvailability;
  /** Free labels derived from what was typed; kept while a newer check runs, so they do not jump. */
  suggestions: string[];
}

/**
 * Live availability of a subdomain label and free suggestions derived from it, asked together
 * once typing pauses; the previous pair is cancelled when the label changes.
 */
export function useSubdomainCheck(label: string): SubdomainCheck {
  const [availability, setAvailability] = useState<SubdomainAvailability>({ state: "empty" });
  const [suggestions, setSuggestions] = useState<string[]>([]);

  useEffect(() => {
    const wanted = label.trim().toLowerCase();
    if (wanted === "") {
      setAvailability({ state: "empty" });
      setSuggestions([]);
      return;
    }
    setAvailability({ state: "checking" });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkSubdomain(wanted, controller.signal).then(
        (answer) =>
          setAvailability(
            answer.available
              ? { state: "available", label: answer.subdomain }
              : {
                  state: "unavailable",
                  label: answer.subdomain,
                  reason: answer.reason ?? "taken",
                  message: answer.message,
                },
          ),
        (error: unknown) => {
          if (!isAbort(error)) setAvailability({ state: "unknown" });
        },
      );
      suggestSubdomains(wanted, controller.signal).then(
        (found) => setSuggestions(found.filter((suggestion) => suggestion !== wanted)),
        (error: unknown) => {
          // Suggestions are a help, not the answer: without them the form still works.
          if (!isAbort(error)) setSuggestions([]);
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [label]);

  return { availability, suggestions };
}
