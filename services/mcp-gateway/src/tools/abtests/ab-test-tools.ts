import type { ToolDefinition } from "../tool-definition";
import { completeAbTest } from "./complete-ab-test";
import { createAbTest } from "./create-ab-test";
import { deleteAbTest } from "./delete-ab-test";
import { getAbTest } from "./get-ab-test";
import { getAbTestAnalytics } from "./get-ab-test-analytics";
import { listAbTests } from "./list-ab-tests";
import { pauseAbTest } from "./pause-ab-test";
import { resumeAbTest } from "./resume-ab-test";
import { startAbTest } from "./start-ab-test";
import { updateAbTest } from "./update-ab-test";

/** The A/B testing tools in their order, then getAbTestAnalytics (docs/api/mcp.md#ab-testing-tools). */
export const AB_TEST_TOOLS = [
  createAbTest,
  listAbTests,
  getAbTest,
  updateAbTest,
  deleteAbTest,
  startAbTest,
  pauseAbTest,
  resumeAbTest,
  completeAbTest,
  getAbTestAnalytics,
] as unknown as readonly ToolDefinition[];
