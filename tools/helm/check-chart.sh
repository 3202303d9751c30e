#!/usr/bin/env bash
# Checks the Helm chart (charts/kurz) without a cluster: routes.json matches the route table,
# helm lint, helm template with the default values and with ci-values.yaml (everything on), the
# guards that must refuse bad values, and every rendered object against the Kubernetes and
# Gateway API schemas. Runs every step, then exits non-zero naming each one that failed.
#   bash tools/helm/check-chart.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
helm="bash tools/helm/helm.sh"
chart=charts/kurz
ci_values=tools/helm/ci-values.yaml
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
failed=()
steps=0

step() {
  local name="$1"
  shift
  steps=$((steps + 1))
  echo "-- $name"
  if ! "$@"; then
    failed+=("$name")
  fi
}

# A render that must fail, with a message naming the problem.
refuses() {
  local expected="$1"
  shift
  local output
  if output="$($helm template kurz "$chart" "$@" 2>&1)"; then
    echo "rendered, but should have refused: $*" >&2
    return 1
  fi
  if ! grep -qF -- "$expected" <<<"$output"; then
    echo "refused without saying \"$expected\": $output" >&2
    return 1
  fi
}

# ci values give PASSWORD_COOKIE_SECRET (secretEnv): the chart must use it as given and generate
# no second value that a replica could take instead.
generated_only_when_missing() {
  if grep -qF -- "-redirector-shared" "$out/ci.yaml"; then
    echo "ci values give PASSWORD_COOKIE_SECRET, yet a shared Secret was generated" >&2
    return 1
  fi
}

# ci values run the redirector as a pool of workers: the pods get REDIRECTOR_WORKERS.
redirector_workers_set() {
  if ! grep -qF -- 'name: REDIRECTOR_WORKERS' "$out/ci.yaml"; then
    echo "services.redirector.workers is set in ci values, yet no pod has REDIRECTOR_WORKERS" >&2
    return 1
  fi
}

echo "== chart: $chart"
step "routes.json is up to date" pnpm exec tsx tools/helm/render-routes.ts --check
step "helm lint (default values)" $helm lint --strict --quiet "$chart"
step "helm lint (ci values)" $helm lint --strict --quiet "$chart" -f "$ci_values"
step "helm template (default values)" \
  sh -c "$helm template kurz $chart --namespace kurz >$out/default.yaml"
step "helm template (ci values)" \
  sh -c "$helm template kurz $chart --namespace kurz -f $ci_values >$out/ci.yaml"
step "helm template (shared secrets from an existing Secret)" \
  sh -c "$helm template kurz $chart --namespace kurz --set services.redirector.existingSecret=kurz-redirector >$out/existing.yaml"
step "refuses a service the route table lacks" \
  refuses "no such service in the route table" --set services.nope.enabled=true
step "refuses a database without KEY_ENCRYPTION_KEY" \
  refuses "KEY_ENCRYPTION_KEY is required" --set services.auth-server.database.url=postgres://db/auth
step "refuses webhook-dispatcher's database without KEY_ENCRYPTION_KEY" \
  refuses "services.webhook-dispatcher: KEY_ENCRYPTION_KEY is required" --set services.webhook-dispatcher.database.url=postgres://db/webhooks
step "refuses a replicated service without its shared secrets when generating is off" \
  refuses "PASSWORD_COOKIE_SECRET must be the same in every replica" --set sharedSecrets.generate=false
step "generates no shared secret that was given" generated_only_when_missing
step "refuses a calling service that does not call auth-server (its token endpoint)" \
  refuses "services.redirector.calls must include auth-server" --set "services.redirector.calls={link-api}"
step "refuses generated service credentials when generating is off" \
  refuses "serviceClients.existingSecret is required" --set sharedSecrets.generate=false \
  --set services.redirector.secretEnv.PASSWORD_COOKIE_SECRET=x
step "refuses Gateway API without a parent Gateway" \
  refuses "gatewayApi.parentRefs" --set gatewayApi.enabled=true
step "passes services.redirector.workers to its pods" redirector_workers_set
step "refuses workers for a service that runs no pool" \
  refuses "only the redirector runs a pool of workers" --set services.link-api.workers=2
step "refuses values outside the schema" \
  refuses "replicaz" --set services.redirector.replicaz=2
if [ -s "$out/default.yaml" ] && [ -s "$out/ci.yaml" ] && [ -s "$out/existing.yaml" ]; then
  step "rendered objects match the schemas and the route table; replicas share their secrets" \
    pnpm exec tsx tools/helm/validate-manifests.ts "$out/default.yaml" "$out/ci.yaml" "$out/existing.yaml"
else
  failed+=("schema validation (nothing rendered to validate)")
fi

if [ "${#failed[@]}" -gt 0 ]; then
  echo "chart check FAILED (${#failed[@]} of $steps steps):" >&2
  printf '  - %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "chart check ok ($steps steps)"
