import { AppError } from "@kurz/errors";
import { nameProblem } from "@kurz/service-runtime";
import { z } from "zod";

const emailSchema = z.email().max(254);

/** Emails compare case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
}

/** Field → message, for the sign-up form. Empty when the input is acceptable. */
export function signUpProblems(input: SignUpInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = normalizeEmail(input.email);
  if (!emailSchema.safeParse(email).success) problems.email = "Enter a valid email address.";
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  } else if (input.password.length > PASSWORD_MAX_LENGTH) {
    problems.password = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  } else if (normalizeEmail(input.password) === email) {
    problems.password = "Your password must not be your email address.";
  }
  const name = input.name.trim();
  const nameIssue = nameProblem(name);
  if (name.length > 100) problems.name = "Use at most 100 characters.";
  else if (nameIssue) problems.name = `Your name ${nameIssue}.`;
  return problems;
}

export function assertValidSignUp(input: SignUpInput): void {
  const problems = signUpProblems(input);
  if (Object.keys(problems).length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: "Invalid sign-up details",
      details: { fields: problems },
    });
  }
}
