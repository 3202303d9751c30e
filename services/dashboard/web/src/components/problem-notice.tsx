import type { ApiError } from "../api/api-error";
import { pathOf } from "../router";
import { AppLink } from "./app-link";

/** Refusals a higher plan would lift: the reader is shown where the plan is described. */
const PLAN_CODES = new Set(["PLAN_REQUIRED", "QUOTA_EXCEEDED", "PLAN_LIMIT_EXCEEDED"]);

interface ProblemNoticeProps {
  id: string;
  /** What did not happen, e.g. "The campaign was not created". */
  title: string;
  error: ApiError;
}

/**
 * An action's refusal, placed beside the control that caused it: the API's message and hint,
 * and for plan limits a way to the plan. Forms point at it with aria-describedby.
 */
export function ProblemNotice({ id, title, error }: ProblemNoticeProps) {
  const onAccountPage = window.location.pathname === pathOf("account");
  return (
    <div id={id} class="notice notice-error" role="alert">
      <p class="notice-title">{title}</p>
      <p>{error.message}</p>
      {error.hint && <p class="notice-hint">{error.hint}</p>}
      {PLAN_CODES.has(error.code) && !onAccountPage && (
        <p>
          <AppLink href={pathOf("account")}>See your plan and its limits</AppLink>
        </p>
      )}
    </div>
  );
}
