// The plan table's gRPC form, for other services' tests that stand in for GetAccount.
export { toProtoPlan } from "./accounts/to-proto-account";
export { type AuthServerConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
// THE plan table: other services read it over GetAccount, their tests import it.
export { PLAN_IDS, PLANS, type Plan, type PlanId } from "./plans/plans";
export { type RunningAuthServer, type StartOptions, startAuthServer } from "./server";
