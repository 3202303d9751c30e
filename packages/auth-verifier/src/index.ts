export { type CallAuthenticatorOptions, createCallAuthenticator } from "./call-authenticator";
export {
  createMembershipCheck,
  type MembershipCheck,
  type MembershipCheckOptions,
  type RoleLookup,
} from "./membership-check";
export { accessTokenOf, requireScope } from "./require-scope";
export { createRevocationCheck, type RevocationCheck, type RevocationCheckOptions } from "./revocation-check";
export { notMemberRefusal, roleRefusal } from "./role-refusal";
export {
  isRole,
  lowerRole,
  lowestRoleAllowing,
  lowestRoleFor,
  ROLES,
  type Role,
  roleAllows,
  roleAllowsScope,
  roleAtLeast,
  type WorkspaceAction,
} from "./roles";
export { isScope, SCOPE_NAMES, SCOPES, type Scope } from "./scopes";
export {
  type AccessToken,
  type Clock,
  createTokenVerifier,
  isWorkspaceId,
  ownWorkspaceOnly,
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
