import type { ApiError } from "../../api/api-error";
import { AppLink } from "../../components/app-link";
import { pathOf } from "../../router";

/** The refusals that mean "not on this plan" (or, for a sign-in older than the scopes, not on it). */
export const isPlanRefusal = (error: ApiError) =>
  error.code === "PLAN_REQUIRED" || error.code === "INSUFFICIENT_SCOPE";

/**
 * Webhooks need the Business plan. The API's own message and hint are shown. Every plan grants
 * the webhook scopes, so an account that lost webhooks still lists, disables and deletes its
 * endpoints; only a sign-in older than that rule lacks the scopes, hence "sign in again".
 */
export function PlanRequiredNotice({ error }: { error?: ApiError | undefined }) {
  const returnTo = encodeURIComponent(pathOf("webhooks"));
  return (
    <div class="notice notice-error" role="alert">
      <p class="notice-title">Webhooks need the Business plan</p>
      {error && error.code === "PLAN_REQUIRED" ? (
        <>
          <p>{error.message}</p>
          {error.hint && <p class="notice-hint">{error.hint}</p>}
        </>
      ) : (
        <p>
          Your plan does not include webhooks: your endpoints stay listed, and you can disable or delete them.
        </p>
      )}
      <p>
        <AppLink href={pathOf("account")}>See your plan and its limits</AppLink>
      </p>
      <p class="notice-hint">
        Already upgraded? <a href={`/app/auth/login?return_to=${returnTo}`}>Sign in again</a> to use webhooks.
      </p>
    </div>
  );
}
