import { AppError } from "@kurz/errors";
import type { FastifyReply } from "fastify";
import { unavailablePage } from "../pages/render-page";
import { sendPage } from "./send-page";

/**
 * Runs `ask` (a lookup that may need link-api); when link-api cannot be asked and no copy is held
 * (DEPENDENCY_UNAVAILABLE), answers the visitor 503 with Retry-After and returns undefined: a
 * transient fault, never a "not found". Other errors go to the error handler.
 */
export async function askOrUnavailable<T>(
  reply: FastifyReply,
  ask: () => Promise<T>,
): Promise<{ value: T } | undefined> {
  try {
    return { value: await ask() };
  } catch (error) {
    if (error instanceof AppError && error.code === "DEPENDENCY_UNAVAILABLE") {
      sendPage(reply, 503, unavailablePage(), { "retry-after": "5" });
      return undefined;
    }
    throw error;
  }
}
