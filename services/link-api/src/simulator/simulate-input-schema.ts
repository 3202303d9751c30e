import { z } from "zod";

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * A described visitor (docs/api/redirect-rules.md#simulator). Every field is optional: what is
 * left out is unknown, and a condition on an unknown value does not hold, as for a real visitor
 * whose request lacks it.
 */
export const simulateInputSchema = z.strictObject({
  user_agent: text(1024).optional().describe("The visitor's User-Agent header"),
  accept_language: text(1024)
    .optional()
    .describe("The visitor's Accept-Language header, e.g. de-DE,de;q=0.9"),
  ip: z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" }).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code such as DE")
    .optional()
    .describe("Where the visitor is; left out with `ip` given: located from the address"),
  region: z
    .string()
    .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, "must be an ISO 3166-2 code such as DE-BY")
    .optional(),
  city: text(100).optional(),
  referrer: text(4096).optional().describe("The Referer header"),
  query: z
    .record(text(256), text(1024))
    .refine((query) => Object.keys(query).length <= 50, "must hold at most 50 parameters")
    .optional()
    .describe("Query parameters on the short URL"),
  at: z.iso
    .datetime({
      offset: true,
      error: "must be an ISO 8601 instant with an offset, such as 2026-01-01T00:00:00Z",
    })
    .optional()
    .describe("The instant of the visit; default: now"),
});

export type SimulateInput = z.output<typeof simulateInputSchema>;

export const simulationSchema = z.object({
  destination_url: z.string().describe("Where the visitor goes; empty for a 410 page"),
  status_code: z.number().int(),
  matched: z.enum(["expired", "password", "deep_link", "rule", "ab_test", "default", "preview"]),
  rule: z.object({ id: z.string(), name: z.string().nullable(), index: z.number().int() }).nullable(),
  explanation: z.array(z.string()),
});

export type Simulation = z.output<typeof simulationSchema>;
