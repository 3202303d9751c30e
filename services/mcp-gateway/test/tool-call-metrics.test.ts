import { AppError } from "@kurz/errors";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { metrics } from "@opentelemetry/api";
import {
  AggregationTemporality,
  type HistogramMetricData,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createProtocolServer } from "../src/mcp/create-protocol-server";
import { defineTool, READ_ONLY } from "../src/tools/tool-definition";
import { testServerOptions } from "./support/test-server-options";

// Tools of the test's own: what is measured is the protocol server around them, not a service.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers its input; a tool of this test only, to measure the protocol server.",
  input: { text: z.string().max(10) },
  output: { text: z.string() },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  run: async (_clients, args) => ({ text: args.text }),
});
const missing = defineTool({
  ...echo,
  name: "missing",
  run: async () => {
    throw new AppError("URL_NOT_FOUND", { message: "No such link" });
  },
});

describe("per-tool metrics of tools/call", () => {
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 3_600_000,
  });
  let client: Client;

  beforeAll(async () => {
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    const server = createProtocolServer(testServerOptions({ tools: [echo, missing] as never }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: "metrics-test", version: "1" });
    await client.connect(clientSide);
  });

  it("records each call's duration by tool and outcome, failures with their code, and never a made-up name", async () => {
    await client.callTool({ name: "echo", arguments: { text: "hi" } });
    await client.callTool({ name: "echo", arguments: { text: "hi" } });
    await client.callTool({ name: "echo", arguments: { text: "far too long a text" } });
    await client.callTool({ name: "missing", arguments: { text: "x" } });
    await expect(client.callTool({ name: "made-up-name-1234", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });

    const { resourceMetrics } = await reader.collect();
    const histogram = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((metric) => metric.descriptor.name === "mcp.tool.call.duration") as HistogramMetricData;
    expect(histogram.descriptor.unit).toBe("s");
    const series = histogram.dataPoints.map((point) => ({ ...point.attributes, count: point.value.count }));
    expect(series).toEqual(
      expect.arrayContaining([
        { "mcp.tool.name": "echo", "mcp.tool.outcome": "ok", count: 2 },
        {
          "mcp.tool.name": "echo",
          "mcp.tool.outcome": "invalid_arguments",
          "error.type": "VALIDATION_ERROR",
          count: 1,
        },
        {
          "mcp.tool.name": "missing",
          "mcp.tool.outcome": "tool_error",
          "error.type": "URL_NOT_FOUND",
          count: 1,
        },
        {
          "mcp.tool.name": "(unknown)",
          "mcp.tool.outcome": "unknown_tool",
          "error.type": "VALIDATION_ERROR",
          count: 1,
        },
      ]),
    );
    expect(series).toHaveLength(4);
    for (const point of histogram.dataPoints) expect(point.value.sum).toBeGreaterThanOrEqual(0);
  });
});
