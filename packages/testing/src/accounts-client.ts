import type { GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import type { GrpcCallOptions, GrpcClient } from "@kurz/grpc";

/** Call options of a test client: `accountId` names the account the call acts for. */
export type AccountCallOptions = GrpcCallOptions & { accountId?: string };

/** A GrpcClient whose calls take `{ accountId }` (see accountsClient). */
export type AccountsClient<S extends GenServiceMethods> = {
  [K in keyof GrpcClient<S>]: GrpcClient<S>[K] extends (
    request: infer R,
    options?: GrpcCallOptions,
  ) => infer O
    ? (request: R, options?: AccountCallOptions) => O
    : GrpcClient<S>[K];
};

/**
 * A test's shorthand for "this call acts for account X": `{ accountId }` becomes the actor
 * `{ apiKey: "acct:<X>" }`, which the client's token source (TestIssuer.tokensFor) turns into a
 * real internal account token, verified by the service under test like any other. Nothing but
 * the token reaches the server: there is no account metadata to trust.
 */
export function accountsClient<S extends GenServiceMethods>(client: GrpcClient<S>): AccountsClient<S> {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "close" || typeof value !== "function") return value;
      const call = value as (request: unknown, options: GrpcCallOptions) => unknown;
      return (request: unknown, options: AccountCallOptions = {}) => {
        const { accountId, ...rest } = options;
        return call(
          request,
          accountId === undefined ? rest : { ...rest, actor: { apiKey: `acct:${accountId}` } },
        );
      };
    },
  }) as unknown as AccountsClient<S>;
}
