import { useEffect, useRef } from "preact/hooks";
import { useLocation } from "../../router";
import { AbTestDetail } from "./ab-test-detail";
import { AbTestOverview } from "./ab-test-overview";
import { canUseAbTests } from "./ab-tests-access";
import { AbTestsPlanNotice } from "./ab-tests-plan-notice";

const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value) || 1));

/**
 * The list with the create form, or one test (`?id=`): both in the URL, so each view is a link
 * that can be shared or reloaded.
 */
export function AbTestsView() {
  const { search } = useLocation();
  const id = search.get("id");
  const page = pageOf(search.get("page"));
  const firstView = useRef(true);

  // Between the list and one test the path stays the same, so the app does not move the focus:
  // start reading at the new view's heading, as after a page change.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    document.getElementById(id ? "ab-test-heading" : "new-ab-test-heading")?.focus();
  }, [id]);

  // Without the scope every call would be refused; say why once instead of failing each call.
  if (!canUseAbTests()) return <AbTestsPlanNotice />;
  if (id) return <AbTestDetail key={id} id={id} />;
  return <AbTestOverview page={page} />;
}
