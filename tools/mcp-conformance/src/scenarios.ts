/**
 * The server scenarios of @modelcontextprotocol/conformance 0.1.16 (`conformance list`), each
 * either run against Kurz's real MCP server or skipped with the reason. Many scenarios call
 * fixture tools, resources and prompts that only the suite's reference "everything" server has
 * (`test_simple_text`, `test://static-text`, `test_prompt_with_image`, …): a real server does not
 * have them, and must not grow them for a test suite. `test/conformance.test.ts` checks that this
 * file names every scenario the installed suite lists, so a suite upgrade forces a decision.
 */

/** Scenarios run against the real server; every check of each must pass. */
export const APPLICABLE_SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "prompts-list",
  // logging/setLevel answers an empty result (the server declares `logging`).
  "logging-set-level",
  // Three concurrent POSTs (tools/list) in one session: each must be accepted.
  "server-sse-multiple-streams",
  // Needs a localhost URL: the harness gives it http://localhost:<proxy port>/mcp.
  "dns-rebinding-protection",
] as const;

const FIXTURE = (what: string) =>
  `calls the suite's fixture ${what}, which only its reference server has, not a real server`;

/** Scenarios not run, with the reason for each. */
export const SKIPPED_SCENARIOS: Readonly<Record<string, string>> = {
  "completion-complete":
    "it completes the fixture prompt test_prompt_with_arguments, which a real server does not have " +
    "(completion/complete of an unknown prompt is -32602 here; Kurz's own prompts and templates complete)",
  "resources-subscribe":
    "the server declares `resources.subscribe: false`; resources/subscribe answers -32601 Method not found",
  "resources-unsubscribe":
    "the server declares `resources.subscribe: false`; resources/(un)subscribe answer -32601 Method not found",
  "tools-call-with-logging": FIXTURE("tool test_tool_with_logging"),
  "tools-call-simple-text": FIXTURE("tool test_simple_text"),
  "tools-call-error": FIXTURE("tool test_error_handling"),
  "tools-call-image": FIXTURE("tool test_image_content"),
  "tools-call-audio": FIXTURE("tool test_audio_content"),
  "tools-call-embedded-resource": FIXTURE("tool test_embedded_resource"),
  "tools-call-mixed-content": FIXTURE("tool test_multiple_content_types"),
  "tools-call-with-progress":
    FIXTURE("tool test_tool_with_progress") + "; no Kurz tool sends progress notifications",
  "tools-call-sampling": FIXTURE("tool test_sampling") + "; the server never asks the client for sampling",
  "tools-call-elicitation":
    FIXTURE("tool test_elicitation") + "; the server never asks the client for elicitation",
  "elicitation-sep1034-defaults":
    FIXTURE("tool test_elicitation_sep1034_defaults") + "; the server never asks for elicitation",
  "elicitation-sep1330-enums":
    FIXTURE("tool test_elicitation_sep1330_enums") + "; the server never asks for elicitation",
  "json-schema-2020-12": FIXTURE("tool json_schema_2020_12_tool"),
  "server-sse-polling":
    FIXTURE("tool test_reconnection") +
    "; besides, the server answers POSTs with JSON (not SSE), so the suite records only INFO " +
    "(priming-event and resume checks not applicable)",
  "resources-read-text": FIXTURE("resource test://static-text"),
  "resources-read-binary": FIXTURE("resource test://static-binary"),
  "resources-templates-read": FIXTURE("resource template test://template/{id}/data"),
  "prompts-get-simple": FIXTURE("prompt test_simple_prompt"),
  "prompts-get-with-args": FIXTURE("prompt test_prompt_with_arguments"),
  "prompts-get-embedded-resource": FIXTURE("prompt test_prompt_with_embedded_resource"),
  "prompts-get-with-image": FIXTURE("prompt test_prompt_with_image"),
};

/**
 * Scenarios of the 2026-07-28 revision, run with the suite's 2026 line (SUITE_2026_CLI) against
 * the same server: the stateless leg's cache hints, its header checks and a missing resource.
 * Of that line's other 2026-07-28 scenarios, not run: server-stateless (24 checks pass; four need
 * the suite's diagnostic fixture tools `test_missing_capability`, `test_streaming_elicitation`,
 * `test_logging_tool` and so fail as "not testable"), http-custom-header-server-validation (needs
 * tools annotated with `x-mcp-header`, which no Kurz tool has), input-required-* (the server never
 * asks the client for input), and the fixture scenarios the table above skips for 0.1.16.
 */
export const MODERN_SCENARIOS = ["caching", "http-header-validation", "sep-2164-resource-not-found"] as const;
