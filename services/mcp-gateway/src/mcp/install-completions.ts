import { AppError } from "@kurz/errors";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Completer } from "../completions/completer";
import type { PromptDefinition } from "../prompts/prompt-definition";
import type { ResourceContext, ResourceTemplateDefinition } from "../resources/resource-definition";
import { errorBody } from "./error-body";
import type { HandlerInstaller } from "./handler-installer";
import { ProtocolError } from "./protocol-error";
import { promptsFor } from "./register-prompts";
import { resourcesFor } from "./resource-access";

type CompleteParams = {
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };
  argument: { name: string; value: string };
};

/** Refusals of the callee that mean "nothing here this credential may see": no suggestions. */
const NOTHING_TO_SUGGEST = new Set([
  "INSUFFICIENT_SCOPE",
  "FORBIDDEN",
  "PLAN_REQUIRED",
  "PLAN_LIMIT_EXCEEDED",
]);

const EMPTY = { completion: { values: [], total: 0, hasMore: false } };

/**
 * completion/complete: suggestions for a prompt's argument or a resource template's variable
 * while the user types (the `completions` capability), read from the owning services as the
 * caller. A prompt or template the credential may not use is unknown (-32602, as prompts/get);
 * an argument without suggestions answers none; a callee refusing the credential's reach (a scope
 * it lacks) answers none rather than an error, so a picker just stays empty; typed text the
 * callee refuses as input is -32602.
 */
export function installCompletions(
  install: HandlerInstaller,
  context: Pick<ResourceContext, "clients" | "principal">,
  prompts: readonly PromptDefinition[],
  resources: readonly ResourceTemplateDefinition[],
): void {
  const promptsByName = new Map(
    promptsFor(context.principal, prompts).map((prompt) => [prompt.name, prompt]),
  );
  const templatesByUri = new Map(
    resourcesFor(context.principal, resources).map((resource) => [resource.uriTemplate, resource]),
  );
  const completerOf = (ref: CompleteParams["ref"], argument: string): Completer | undefined => {
    if (ref.type === "ref/prompt") {
      const prompt = promptsByName.get(ref.name);
      if (prompt === undefined)
        throw unknown(`Unknown prompt "${ref.name}"`, "Call prompts/list for the prompts this key may use");
      return prompt.arguments.find((a) => a.name === argument)?.complete;
    }
    const template = templatesByUri.get(ref.uri);
    if (template === undefined) {
      throw unknown(
        `Unknown resource template "${ref.uri}"`,
        "Call resources/templates/list for the templates this key may read",
      );
    }
    return template.complete?.[argument];
  };

  install<CompleteParams>("completion/complete", async (request) => {
    const { ref, argument } = request.params;
    const complete = completerOf(ref, argument.name);
    if (complete === undefined) return EMPTY;
    try {
      return { completion: await complete(context.clients, argument.value) };
    } catch (error) {
      const code = errorBody(error).code;
      if (NOTHING_TO_SUGGEST.has(code)) return EMPTY;
      // The typed text refused by the owning service (e.g. longer than a search may be).
      if (code === "VALIDATION_ERROR") throw new ProtocolError(ErrorCode.InvalidParams, error);
      throw new ProtocolError(ErrorCode.InternalError, error);
    }
  });
}

function unknown(message: string, hint: string): ProtocolError {
  return new ProtocolError(
    ErrorCode.InvalidParams,
    new AppError("VALIDATION_ERROR", { message, details: { field: "ref" }, hint }),
  );
}
