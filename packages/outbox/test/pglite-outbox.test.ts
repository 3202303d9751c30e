import { createDatabase } from "@kurz/relational";
import { describeOutboxContract } from "./describe-outbox-contract";
import * as schema from "./fixtures/schema";

describeOutboxContract("pglite", () => createDatabase({ schema }));
