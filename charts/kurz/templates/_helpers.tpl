{{/*
Names and labels. Every service's objects are named <fullname>-<service>.
*/}}
{{- define "kurz.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "kurz.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Object name of one service: (dict "root" $ "name" "link-api") */}}
{{- define "kurz.serviceFullname" -}}
{{- printf "%s-%s" (include "kurz.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "kurz.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "kurz.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: kurz
{{- end }}

{{/* Selector of one service's pods: (dict "root" $ "name" "link-api") */}}
{{- define "kurz.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kurz.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "kurz.serviceLabels" -}}
{{ include "kurz.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/*
The catalog: files/routes.json, generated from packages/routes (services, ports, database
ownership, public routes, default service). Returned as JSON; use `| fromJson`.
*/}}
{{- define "kurz.catalog" -}}
{{- $raw := .Files.Get "files/routes.json" }}
{{- if not $raw }}
{{- fail "files/routes.json is missing: run pnpm exec tsx tools/helm/render-routes.ts" }}
{{- end }}
{{- $catalog := $raw | fromJson }}
{{- range $name, $_ := .Values.services }}
{{- if not (hasKey $catalog.services $name) }}
{{- fail (printf "services.%s: no such service in the route table (files/routes.json); known: %s" $name (keys $catalog.services | sortAlpha | join ", ")) }}
{{- end }}
{{- end }}
{{- $catalog | toJson }}
{{- end }}

{{/* The values of one service; {} when absent. */}}
{{- define "kurz.serviceValues" -}}
{{- index .root.Values.services .name | default dict | toJson }}
{{- end }}

{{- define "kurz.enabled" -}}
{{- $svc := index .root.Values.services .name | default dict }}
{{- if or (not (hasKey $svc "enabled")) $svc.enabled }}true{{ end }}
{{- end }}

{{/* Services whose paths the edge routes to them (they accept traffic from the ingress). */}}
{{- define "kurz.isPublic" -}}
{{- $catalog := include "kurz.catalog" .root | fromJson }}
{{- $public := eq $catalog.defaultService .name }}
{{- range $catalog.routes }}
{{- if eq .service $.name }}{{ $public = true }}{{ end }}
{{- end }}
{{- if $public }}true{{ end }}
{{- end }}

{{- define "kurz.image" -}}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $image := $svc.image | default dict }}
{{- $repository := $image.repository | default (printf "%s/%s" .root.Values.image.repository .name) }}
{{- $tag := $image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- printf "%s:%s" $repository $tag }}
{{- end }}

{{/* Host part of a URL or host:port. */}}
{{- define "kurz.publicHost" -}}
{{- (urlParse .Values.public.baseUrl).host }}
{{- end }}

{{/*
Secret values this chart stores for one service: DATABASE_URL, REDIS_URL, CLICKHOUSE_URL when
given as values (not as an existing Secret) and the service uses them, plus its secretEnv.
Returned as JSON { NAME: value }.
*/}}
{{- define "kurz.chartSecretData" -}}
{{- $root := .root }}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $catalog := include "kurz.catalog" $root | fromJson }}
{{- $spec := index $catalog.services .name }}
{{- $backends := $svc.backends | default list }}
{{- $data := dict }}
{{- $db := $svc.database | default dict }}
{{- if and $spec.database $db.url (not $db.existingSecret) }}
{{- $_ := set $data "DATABASE_URL" $db.url }}
{{- end }}
{{- if and (has "redis" $backends) $root.Values.redis.url (not $root.Values.redis.existingSecret) }}
{{- $_ := set $data "REDIS_URL" $root.Values.redis.url }}
{{- end }}
{{- if and (has "clickhouse" $backends) $root.Values.clickhouse.url (not $root.Values.clickhouse.existingSecret) }}
{{- $_ := set $data "CLICKHOUSE_URL" $root.Values.clickhouse.url }}
{{- end }}
{{- range $key, $value := $svc.secretEnv | default dict }}
{{- $_ := set $data $key (toString $value) }}
{{- end }}
{{- $data | toJson }}
{{- end }}

{{/*
Shared secrets of one service (services.<name>.sharedSecrets: values every replica must hold
alike) that the operator did not give (secretEnv, env, or an existingSecret, which is trusted to
hold them unless the cluster shows it does not): the chart generates these into the Secret named
by kurz.sharedSecretName, or refuses to render when sharedSecrets.generate is false. JSON list.
*/}}
{{- define "kurz.generatedSecretNames" -}}
{{- $root := .root }}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $names := list }}
{{- range $key := $svc.sharedSecrets | default list }}
{{- $given := or (hasKey ($svc.secretEnv | default dict) $key) (hasKey ($svc.env | default dict) $key) (hasKey ($root.Values.env | default dict) $key) }}
{{- if $svc.existingSecret }}
{{- $found := lookup "v1" "Secret" $root.Release.Namespace $svc.existingSecret }}
{{- if and $found (not (hasKey ($found.data | default dict) $key)) }}
{{- fail (printf "services.%s.existingSecret %s has no %s, which every replica must share" $.name $svc.existingSecret $key) }}
{{- end }}
{{- $given = true }}
{{- end }}
{{- if not $given }}
{{- if not $root.Values.sharedSecrets.generate }}
{{- fail (printf "services.%s: %s must be the same in every replica; set services.%s.secretEnv.%s or an existingSecret holding it, or sharedSecrets.generate=true" $.name $key $.name $key) }}
{{- end }}
{{- $names = append $names $key }}
{{- end }}
{{- end }}
{{- $names | toJson }}
{{- end }}

{{/*
Service credentials (values.yaml serviceClients): the enabled services that call others, as a
sorted JSON list; each has a client secret at auth-server under its own name.
*/}}
{{- define "kurz.callingServices" -}}
{{- $catalog := include "kurz.catalog" . | fromJson }}
{{- $callers := list }}
{{- range $name := keys $catalog.services | sortAlpha }}
{{- $ctx := dict "root" $ "name" $name }}
{{- $svc := include "kurz.serviceValues" $ctx | fromJson }}
{{- if and (include "kurz.enabled" $ctx) ($svc.calls | default list) (ne $name "auth-server") }}
{{- if not (has "auth-server" $svc.calls) }}
{{- fail (printf "services.%s.calls must include auth-server: its gRPC calls carry tokens from auth-server's token endpoint" $name) }}
{{- end }}
{{- $callers = append $callers $name }}
{{- end }}
{{- end }}
{{- $callers | toJson }}
{{- end }}

{{/* The Secret holding the service credentials: serviceClients.existingSecret or the generated one. */}}
{{- define "kurz.serviceClientsSecretName" -}}
{{- .Values.serviceClients.existingSecret | default (printf "%s-service-clients" (include "kurz.fullname" . | trunc 47 | trimSuffix "-")) }}
{{- end }}

{{/* The key of the dashboard's OAuth client secret in the service-credentials Secret. */}}
{{- define "kurz.dashboardOAuthClientKey" -}}
dashboard-oauth-client
{{- end }}

{{/* The Secret holding one service's generated shared secrets. */}}
{{- define "kurz.sharedSecretName" -}}
{{- printf "%s-shared" (include "kurz.serviceFullname" . | trunc 56 | trimSuffix "-") }}
{{- end }}

{{/*
Variables taken from Secrets: JSON { NAME: { secret, key } }. `secretName` is the chart Secret
to point at (the service's own, or the migration hook's copy).
*/}}
{{- define "kurz.secretRefs" -}}
{{- $root := .root }}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $catalog := include "kurz.catalog" $root | fromJson }}
{{- $spec := index $catalog.services .name }}
{{- $backends := $svc.backends | default list }}
{{- $refs := dict }}
{{- range $key, $_ := include "kurz.chartSecretData" . | fromJson }}
{{- $_ := set $refs $key (dict "secret" $.secretName "key" $key) }}
{{- end }}
{{- $db := $svc.database | default dict }}
{{- if and $spec.database $db.existingSecret }}
{{- $_ := set $refs "DATABASE_URL" (dict "secret" $db.existingSecret "key" ($db.existingSecretKey | default "DATABASE_URL")) }}
{{- end }}
{{- if and (has "redis" $backends) $root.Values.redis.existingSecret }}
{{- $_ := set $refs "REDIS_URL" (dict "secret" $root.Values.redis.existingSecret "key" $root.Values.redis.existingSecretKey) }}
{{- end }}
{{- if and (has "clickhouse" $backends) $root.Values.clickhouse.existingSecret }}
{{- $_ := set $refs "CLICKHOUSE_URL" (dict "secret" $root.Values.clickhouse.existingSecret "key" $root.Values.clickhouse.existingSecretKey) }}
{{- end }}
{{- /* Not for migration hooks: they run before the shared Secret exists and need none of it. */}}
{{- if not .migration }}
{{- $shared := include "kurz.sharedSecretName" . }}
{{- range $key := include "kurz.generatedSecretNames" . | fromJsonArray }}
{{- $_ := set $refs $key (dict "secret" $shared "key" $key) }}
{{- end }}
{{- /* Service credentials: auth-server checks every caller's, a caller presents its own. */}}
{{- $clients := include "kurz.serviceClientsSecretName" $root }}
{{- $callers := include "kurz.callingServices" $root | fromJsonArray }}
{{- if eq .name "auth-server" }}
{{- range $caller := $callers }}
{{- $_ := set $refs (printf "%s_CLIENT_SECRET" ($caller | upper | replace "-" "_")) (dict "secret" $clients "key" $caller) }}
{{- end }}
{{- else if has .name $callers }}
{{- $_ := set $refs "SERVICE_CLIENT_SECRET" (dict "secret" $clients "key" .name) }}
{{- end }}
{{- /* The dashboard is a confidential OAuth client: its secret, from the same Secret, on both
sides (unless given in secretEnv). As a public client anyone could mint
tokens for it, and with them its request window of DASHBOARD_REQUESTS_PER_MINUTE. */}}
{{- if include "kurz.enabled" (dict "root" $root "name" "dashboard") }}
{{- $oauthKey := include "kurz.dashboardOAuthClientKey" $root }}
{{- if and (eq .name "auth-server") (not (hasKey $refs "OAUTH_CLIENT_DASHBOARD_SECRET")) }}
{{- $_ := set $refs "OAUTH_CLIENT_DASHBOARD_SECRET" (dict "secret" $clients "key" $oauthKey) }}
{{- else if and (eq .name "dashboard") (not (hasKey $refs "DASHBOARD_OAUTH_CLIENT_SECRET")) }}
{{- $_ := set $refs "DASHBOARD_OAUTH_CLIENT_SECRET" (dict "secret" $clients "key" $oauthKey) }}
{{- end }}
{{- end }}
{{- end }}
{{- $refs | toJson }}
{{- end }}

{{/* Whether a service has an external store to migrate: its PostgreSQL, or ClickHouse. */}}
{{- define "kurz.hasMigrations" -}}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $catalog := include "kurz.catalog" .root | fromJson }}
{{- $spec := index $catalog.services .name }}
{{- $db := $svc.database | default dict }}
{{- $clickhouse := .root.Values.clickhouse }}
{{- if and $spec.database (or $db.url $db.existingSecret) }}true
{{- else if and (has "clickhouse" ($svc.backends | default list)) (or $clickhouse.url $clickhouse.existingSecret) }}true
{{- end }}
{{- end }}

{{/*
The container environment of one service: (dict "root" $ "name" "link-api" "secretName" "...").
Downward-API variables first (later ones may refer to them), then plain variables sorted by
name, then Secret references. A name given as a secret is never also given as plain text.
*/}}
{{- define "kurz.env" -}}
{{- $root := .root }}
{{- $name := .name }}
{{- $svc := include "kurz.serviceValues" . | fromJson }}
{{- $catalog := include "kurz.catalog" $root | fromJson }}
{{- $spec := index $catalog.services $name }}
{{- $backends := $svc.backends | default list }}
{{- $refs := include "kurz.secretRefs" . | fromJson }}
{{- $baseUrl := $root.Values.public.baseUrl }}
{{- $shortHost := $root.Values.public.shortHost | default (include "kurz.publicHost" $root) }}
{{- $plain := dict
  "HOST" "0.0.0.0"
  "HTTP_PORT" (toString (int $spec.httpPort))
  "GRPC_PORT" (toString (int $spec.grpcPort))
  "LOG_LEVEL" $root.Values.logLevel
  "DATA_DIR" "/data"
  "PUBLIC_BASE_URL" $baseUrl
  "API_AUDIENCE" $root.Values.apiAudience
  "SHORT_HOST" $shortHost
  "SUBDOMAIN_HOST" ($root.Values.public.subdomainHost | default $shortHost)
  "SHORT_URL_SCHEME" (urlParse $baseUrl).scheme
  "TRUST_PROXY" (join "," $root.Values.trustedProxies)
  "TRUSTED_PROXIES" (join "," $root.Values.trustedProxies)
}}
{{- range $callee := $svc.calls | default list }}
{{- $calleeSpec := index $catalog.services $callee }}
{{- if not $calleeSpec }}
{{- fail (printf "services.%s.calls: no such service %q" $name $callee) }}
{{- end }}
{{- $host := include "kurz.serviceFullname" (dict "root" $root "name" $callee) }}
{{- $_ := set $plain (printf "%s_GRPC_ADDR" ($callee | upper | replace "-" "_")) (printf "%s:%d" $host (int $calleeSpec.grpcPort)) }}
{{- $_ := set $plain (printf "%s_HTTP_URL" ($callee | upper | replace "-" "_")) (printf "http://%s:%d" $host (int $calleeSpec.httpPort)) }}
{{- end }}
{{- if $svc.workers }}
{{- if ne $name "redirector" }}
{{- fail (printf "services.%s.workers: only the redirector runs a pool of workers" $name) }}
{{- end }}
{{- $_ := set $plain "REDIRECTOR_WORKERS" (toString $svc.workers) }}
{{- end }}
{{- if and (has "kafka" $backends) $root.Values.kafka.brokers }}
{{- $_ := set $plain "KAFKA_BROKERS" (join "," $root.Values.kafka.brokers) }}
{{- end }}
{{- /* The telemetry resource, whether an exporter comes from otel.endpoint or from otel.env: the
service, its release (the image tag) and the pod. Without an exporter the SDK never starts. */}}
{{- $tag := ($svc.image | default dict).tag | default $root.Values.image.tag | default $root.Chart.AppVersion }}
{{- $_ := set $plain "OTEL_SERVICE_NAME" $name }}
{{- $_ := set $plain "OTEL_RESOURCE_ATTRIBUTES" (printf "service.namespace=kurz,service.version=%s,k8s.namespace.name=$(POD_NAMESPACE),k8s.pod.name=$(POD_NAME)" $tag) }}
{{- if $root.Values.otel.endpoint }}
{{- $_ := set $plain "OTEL_EXPORTER_OTLP_ENDPOINT" $root.Values.otel.endpoint }}
{{- end }}
{{- range $key, $value := $root.Values.otel.env }}
{{- $_ := set $plain $key (toString $value) }}
{{- end }}
{{- range $key, $value := $root.Values.env }}
{{- $_ := set $plain $key (toString $value) }}
{{- end }}
{{- range $key, $value := $svc.env | default dict }}
{{- $_ := set $plain $key (toString $value) }}
{{- end }}
{{- range .extra | default dict | keys }}
{{- $_ := set $plain . (index $.extra .) }}
{{- end -}}
- name: POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: POD_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
{{- range $key := keys $plain | sortAlpha }}
{{- if not (hasKey $refs $key) }}
- name: {{ $key }}
  value: {{ index $plain $key | quote }}
{{- end }}
{{- end }}
{{- range $key := keys $refs | sortAlpha }}
{{- $ref := index $refs $key }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.secret }}
      key: {{ $ref.key }}
{{- end }}
{{- end }}

{{/* Pod labels and annotations a mesh needs, plus mesh.podLabels / podAnnotations: JSON. */}}
{{- define "kurz.meshPodLabels" -}}
{{- $labels := dict }}
{{- if eq .Values.mesh.type "istio" }}
{{- $_ := set $labels "sidecar.istio.io/inject" "true" }}
{{- end }}
{{- merge $labels (.Values.mesh.podLabels | default dict) | toJson }}
{{- end }}

{{- define "kurz.meshPodAnnotations" -}}
{{- $annotations := dict }}
{{- if eq .Values.mesh.type "linkerd" }}
{{- $_ := set $annotations "linkerd.io/inject" "enabled" }}
{{- end }}
{{- merge $annotations (.Values.mesh.podAnnotations | default dict) | toJson }}
{{- end }}

{{- define "kurz.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.dataSizeLimit }}
{{- end }}

{{- define "kurz.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /data
{{- end }}

{{/* A probe: (dict "probe" .Values.probes.liveness "path" "/healthz" "spec" $spec) */}}
{{- define "kurz.probe" -}}
{{- if eq .probe.type "grpc" -}}
grpc:
  port: {{ int .spec.grpcPort }}
{{- else if eq .probe.type "http" -}}
httpGet:
  path: {{ .path }}
  port: http
{{- else }}
{{- fail (printf "probes: type must be grpc or http, not %q" .probe.type) }}
{{- end }}
{{- with .probe.periodSeconds }}
periodSeconds: {{ . }}
{{- end }}
{{- with .probe.timeoutSeconds }}
timeoutSeconds: {{ . }}
{{- end }}
{{- with .probe.failureThreshold }}
failureThreshold: {{ . }}
{{- end }}
{{- end }}
