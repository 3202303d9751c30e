/** Why a single sign-on did not sign the person in: each has a page with a clear message. */
export type SsoLoginFailure =
  | "not_configured"
  | "provider_unavailable"
  | "flow_missing"
  | "flow_expired"
  | "state_mismatch"
  | "denied"
  | "provider_error"
  | "invalid_response"
  | "email_missing"
  | "email_unverified"
  | "wrong_domain"
  | "quota_exceeded";

const MESSAGES: Record<SsoLoginFailure, { status: number; message: string }> = {
  not_configured: {
    status: 400,
    message:
      "Single sign-on is not set up for this e-mail address's domain. Log in with your password instead.",
  },
  provider_unavailable: {
    status: 502,
    message: "Your organisation's identity provider could not be reached. Try again in a moment.",
  },
  flow_missing: {
    status: 400,
    message: "This sign-in link was already used or did not start here. Start the log-in again.",
  },
  flow_expired: { status: 400, message: "This sign-in took too long. Start the log-in again." },
  state_mismatch: {
    status: 400,
    message: "This sign-in answer does not belong to the log-in you started. Start the log-in again.",
  },
  denied: { status: 403, message: "The sign-in was cancelled or refused at your identity provider." },
  provider_error: { status: 502, message: "Your identity provider answered with an error. Try again later." },
  invalid_response: {
    status: 502,
    message:
      "Your identity provider's answer could not be verified. Ask your administrator to check the settings.",
  },
  email_missing: {
    status: 403,
    message: "Your identity provider did not share your e-mail address, which signing in needs.",
  },
  email_unverified: {
    status: 403,
    message: "Your identity provider has not verified your e-mail address, so it cannot sign you in here.",
  },
  wrong_domain: {
    status: 403,
    message:
      "The account you signed in with at your identity provider has an e-mail address of another domain.",
  },
  quota_exceeded: {
    status: 403,
    message: "Your organisation's workspace has no room for another member. Ask its owner.",
  },
};

/** A refused single sign-on: `reason` is stable (logs, tests), `message` is for the person. */
export class SsoLoginError extends Error {
  readonly status: number;
  constructor(
    readonly reason: SsoLoginFailure,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[reason].message, options);
    this.name = "SsoLoginError";
    this.status = MESSAGES[reason].status;
  }
}
