export { type CallAuthenticatorOptions, createCallAuthenticator } from "./call-authenticator";
export { accessTokenOf, requireScope } from "./require-scope";
export { createRevocationCheck, type RevocationCheck, type RevocationCheckOptions } from "./revocation-check";
export { isScope, SCOPE_NAMES, SCOPES, type Scope } from "./scopes";
export {
  type AccessToken,
  type Clock,
  createTokenVerifier,
  type TokenVerifier,
  type TokenVerifierOptions,
} from "./token-verifier";
export {
  createCallAuthenticatorFromConfig,
  createVerifierFromConfig,
  issuerOf,
  type VerifierConfig,
  verifierConfigShape,
} from "./verifier-config";
