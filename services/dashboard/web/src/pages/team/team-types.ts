import type { components } from "../../api/schema.generated";

/** A person in the workspace, with their role. */
export type Member = components["schemas"]["WorkspaceMember"];

/** An invitation; `accept_url` and `emailed` only in the answer that created it. */
export type Invitation = components["schemas"]["Invitation"];
