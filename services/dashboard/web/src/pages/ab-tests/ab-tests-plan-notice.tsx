import type { ApiError } from "../../api/api-error";
import { AppLink } from "../../components/app-link";
import { pathOf } from "../../router";

/**
 * A/B tests are not part of the account's plan: the API's message and hint when there is one,
 * and the way to the plan. The account's tests stay listed (every plan grants the A/B test
 * scopes): they can still be read, paused, completed and deleted.
 */
export function AbTestsPlanNotice({ error }: { error?: ApiError | undefined }) {
  const fromApi = error && error.code === "PLAN_REQUIRED";
  return (
    <div class="notice notice-error" role="alert">
      <p class="notice-title">A/B tests are not part of your plan</p>
      <p>{fromApi ? error.message : "A/B tests come with the Pro and Business plans."}</p>
      <p class="notice-hint">
        {fromApi && error.hint
          ? error.hint
          : "Tests you already have stay: you can still read their results, pause, complete and delete them."}
      </p>
      <p>
        <AppLink href={pathOf("account")}>See your plan and its limits</AppLink>
      </p>
    </div>
  );
}
