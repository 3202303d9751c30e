import { AppError } from "@kurz/errors";

/** The most messages one JSON-RPC batch may hold (2025-03-26 allowed batches; 2025-06-18 dropped them). */
export const MAX_BATCH_MESSAGES = 100;

/**
 * What a POST's body costs in the plan's MCP requests per minute: a JSON-RPC batch each of its
 * messages (one HTTP request must not carry thousands of tool calls for the price of one), any
 * other body one. A batch over MAX_BATCH_MESSAGES is refused (VALIDATION_ERROR, 400) before it
 * costs anything or reaches the protocol.
 */
export function batchCost(body: unknown): number {
  if (!Array.isArray(body)) return 1;
  if (body.length > MAX_BATCH_MESSAGES) {
    throw new AppError("VALIDATION_ERROR", {
      message: `A JSON-RPC batch may hold at most ${MAX_BATCH_MESSAGES} messages; this one holds ${body.length}`,
      details: { field: "body", limit: MAX_BATCH_MESSAGES },
      hint: "Send the messages one per request (MCP 2025-06-18 has no batches) or in smaller batches",
    });
  }
  return Math.max(1, body.length);
}
