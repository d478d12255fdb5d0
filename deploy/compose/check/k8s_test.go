package main

// Deliberate mistakes in the production overlay must fail the check: each case is a
// kustomization over deploy/k8s/overlays/production with one mistake patched in.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var cases = []struct {
	name, kustomization, want string
}{
	{"a typo'd field", `
patches:
  - target: {kind: Deployment, name: jobs}
    patch: |-
      - {op: add, path: /spec/template/spec/containers/0/readinesProbe, value: {tcpSocket: {port: http}}}
`, "Deployment/jobs: /spec/template/spec/containers/0: additional properties 'readinesProbe' not allowed"},
	{"a wrong type", `
patches:
  - target: {kind: Deployment, name: gateway}
    patch: |-
      - {op: replace, path: /spec/replicas, value: two}
`, "Deployment/gateway: /spec/replicas: got string, want integer"},
	{"a typo'd field in an operator's resource", `
patches:
  - target: {kind: Kafka}
    patch: |-
      - {op: add, path: /spec/kafka/listners, value: []}
`, "Kafka/jobboard: /spec/kafka: additional properties 'listners' not allowed"},
	{"a kind without a schema", `
resources:
  - extra.yaml
`, "no schema for apiVersion monitoring.coreos.com/v1 kind ServiceMonitor"},
	{"a probe on a port the container does not declare", `
patches:
  - target: {kind: Deployment, name: billing}
    patch: |-
      - {op: replace, path: /spec/template/spec/containers/0/readinessProbe/httpGet/port, value: htttp}
`, `Deployment/billing container "app": readinessProbe.httpGet.port htttp is not a declared container port`},
	{"a missing probe", `
patches:
  - target: {kind: Deployment, name: web}
    patch: |-
      - {op: remove, path: /spec/template/spec/containers/0/livenessProbe}
`, `Deployment/web container "app": no livenessProbe`},
	{"a policy that blocks the gateway", `
patches:
  - target: {kind: NetworkPolicy, name: gateway}
    patch: |-
      - {op: replace, path: /spec/egress/0/ports/0/port, value: 4000}
`, "NetworkPolicies block gateway -> Deployment/jobs TCP/8000 (jobs:8000)"},
	{"a policy that lets the web server reach a subgraph it never calls", `
patches:
  - target: {kind: NetworkPolicy, name: subgraphs}
    patch: |-
      - {op: add, path: /spec/ingress/0/from/-, value: {podSelector: {matchLabels: {app.kubernetes.io/component: web}}}}
  - target: {kind: NetworkPolicy, name: web}
    patch: |-
      - {op: add, path: /spec/egress/0/to/-, value: {podSelector: {matchLabels: {app.kubernetes.io/name: billing}}}}
`, "NetworkPolicies allow web -> Deployment/billing TCP/8000, which its configuration never calls"},
	{"a service reaching another service's database", `
patches:
  - target: {kind: NetworkPolicy, name: jobs-database}
    patch: |-
      - {op: add, path: /spec/egress/0/to/-, value: {podSelector: {matchLabels: {cnpg.io/cluster: billing-db}}}}
  - target: {kind: NetworkPolicy, name: billing-db}
    patch: |-
      - {op: add, path: /spec/ingress/0/from/-, value: {podSelector: {matchLabels: {app.jobboard.io/database: jobs}}}}
`, "NetworkPolicies allow jobs -> Cluster/billing-db TCP/5432"},
	{"a Deployment without a disruption budget", `
patches:
  - target: {kind: PodDisruptionBudget, name: gateway}
    patch: |-
      $patch: delete
      apiVersion: policy/v1
      kind: PodDisruptionBudget
      metadata: {name: any}
`, "Deployment/gateway: no PodDisruptionBudget selects its pods"},
	{"an autoscaler that scales nothing", `
patches:
  - target: {kind: HorizontalPodAutoscaler, name: jobs}
    patch: |-
      - {op: replace, path: /spec/scaleTargetRef/name, value: job}
`, "HorizontalPodAutoscaler/jobs: scaleTargetRef \"job\" is not a Deployment of the overlay"},
	{"a committed Secret", `
secretGenerator:
  - name: jobboard-secrets
    literals: [AUTH_SECRET=committed]
`, "a Secret is committed"},
	{"a writable root filesystem", `
patches:
  - target: {kind: Deployment, name: consent}
    patch: |-
      - {op: replace, path: /spec/template/spec/containers/0/securityContext/readOnlyRootFilesystem, value: false}
`, `Deployment/consent container "app": securityContext.readOnlyRootFilesystem is not true`},
	{"more memory than the spec's cap", `
patches:
  - target: {kind: Deployment, name: search}
    patch: |-
      - {op: replace, path: /spec/template/spec/containers/0/resources/limits/memory, value: 1Gi}
`, `Deployment/search container "app": memory limit 1Gi, production caps an instance at 512Mi`},
	{"one instance in production", `
patches:
  - target: {kind: Deployment, name: identity}
    patch: |-
      - {op: replace, path: /spec/replicas, value: 1}
`, "Deployment/identity: 1 replica(s), production runs at least 2 instances"},
}

const extra = `apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: {name: jobs}
spec: {}
`

func TestDeliberateMistakesFail(t *testing.T) {
	k8s, _ := filepath.Abs("../../k8s")
	s, _, err := loadSchemas(filepath.Join(k8s, "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	production := filepath.Join(k8s, "overlays", "production")

	clean := &report{}
	checkOverlay(production, "production", "production", s, clean)
	if len(clean.problems) > 0 {
		t.Fatalf("the production overlay itself fails: %v", clean.problems)
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			base, err := filepath.Rel(dir, production) // kustomize takes no absolute path
			if err != nil {
				t.Fatal(err)
			}
			k := "resources:\n  - " + base + "\n" + strings.TrimPrefix(c.kustomization, "\nresources:\n")
			if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte(k), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "extra.yaml"), []byte(extra), 0o644); err != nil {
				t.Fatal(err)
			}
			r := &report{}
			checkOverlay(dir, c.name, "production", s, r)
			for _, p := range r.problems {
				if strings.Contains(p, c.want) {
					return
				}
			}
			t.Errorf("want a problem containing %q, got %d:\n  %s", c.want, len(r.problems), strings.Join(r.problems, "\n  "))
		})
	}
}
