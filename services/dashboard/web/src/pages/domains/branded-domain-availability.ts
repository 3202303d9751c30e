import { useEffect, useState } from "preact/hooks";
import { isAbort } from "../../api/is-abort";
import { checkBrandedDomain } from "./check-branded-domain";

/** Typing pauses this long before the domain is checked. */
const CHECK_DELAY_MS = 400;

/** A host name with at least one dot: before that, a check would only say "invalid". */
const LOOKS_LIKE_HOST = /^[^\s.]+(\.[^\s.]+)+$/;

export type BrandedDomainAvailability =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "available"; domain: string }
  | { state: "unavailable"; domain: string; message: string }
  | { state: "unknown" };

/** Live answer to "can this domain be added?", asked once typing pauses. */
export function useBrandedDomainCheck(domain: string): BrandedDomainAvailability {
  const [availability, setAvailability] = useState<BrandedDomainAvailability>({ state: "empty" });

  useEffect(() => {
    const wanted = domain.trim().toLowerCase();
    if (!LOOKS_LIKE_HOST.test(wanted)) {
      setAvailability({ state: "empty" });
      return;
    }
    setAvailability({ state: "checking" });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkBrandedDomain(wanted, controller.signal).then(
        (answer) =>
          setAvailability(
            answer.available
              ? { state: "available", domain: answer.domain }
              : {
                  state: "unavailable",
                  domain: answer.domain,
                  message: answer.message ?? "This domain cannot be added",
                },
          ),
        (error: unknown) => {
          if (!isAbort(error)) setAvailability({ state: "unknown" });
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [domain]);

  return availability;
}
