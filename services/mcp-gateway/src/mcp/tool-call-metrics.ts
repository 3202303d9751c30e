import { type Histogram, metrics } from "@opentelemetry/api";

/** How a tool call ended, as the metrics label it. */
export type ToolOutcome = "ok" | "tool_error" | "invalid_arguments" | "unknown_tool";

export interface ToolCallMetrics {
  record(tool: string, outcome: ToolOutcome, code: string | undefined, seconds: number): void;
}

/**
 * Per-tool latency and errors through OpenTelemetry: one histogram `mcp.tool.call.duration`
 * (seconds) with `mcp.tool.name`, `mcp.tool.outcome` and, for failures, `error.type` (the error
 * code), so rate, errors and latency per tool come from one instrument. Nothing is recorded
 * unless the process exports metrics (the API is a no-op without a meter provider).
 */
export function createToolCallMetrics(): ToolCallMetrics {
  let histogram: Histogram | undefined;
  return {
    record(tool, outcome, code, seconds) {
      histogram ??= metrics.getMeter("@kurz/mcp-gateway").createHistogram("mcp.tool.call.duration", {
        description: "Duration of MCP tools/call requests, by tool and outcome",
        unit: "s",
        advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
      });
      histogram.record(seconds, {
        "mcp.tool.name": tool,
        "mcp.tool.outcome": outcome,
        ...(code === undefined ? {} : { "error.type": code }),
      });
    },
  };
}
