package main

// The checks across objects that a JSON schema cannot make, on one rendered overlay:
//   - no Secret objects: secrets are only referenced (secretKeyRef, envFrom secretRef) and created
//     out of band; the names and keys expected are printed;
//   - every Deployment and Job pod runs as non-root with seccomp RuntimeDefault, every container
//     with a read-only root filesystem, no privilege escalation, ALL capabilities dropped, memory
//     requests and a memory limit, and mounts only declared volumes;
//   - every Deployment's containers have liveness, readiness and startup probes on a declared port,
//     and every Deployment a PodDisruptionBudget and a HorizontalPodAutoscaler;
//   - ConfigMaps referenced exist (with the keys read), selectors select their pod templates,
//     Services target a declared port of the pods they select, PodDisruptionBudgets and
//     HorizontalPodAutoscalers name an existing Deployment;
//   - in the production overlay: at least 2 replicas (and an autoscaler minimum of 2) per
//     Deployment and memory limits of at most 512Mi (spec 9);
//   - the network policies (netpol.go).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var workloadKinds = map[string]bool{"Deployment": true, "Job": true, "StatefulSet": true, "DaemonSet": true}

func podSpec(x object) obj {
	if x.kind == "Job" || workloadKinds[x.kind] {
		p, _ := dig(x.o, "spec", "template", "spec").(obj)
		return p
	}
	return nil
}

func podLabels(x object) obj {
	l, _ := dig(x.o, "spec", "template", "metadata", "labels").(obj)
	return l
}

func containersOf(pod obj) []obj {
	return append(list(pod["initContainers"]), list(pod["containers"])...)
}

func checkRules(objects []object, overlay string, r *report) map[string]string {
	byKind := map[string]map[string]object{}
	for _, x := range objects {
		if byKind[x.kind] == nil {
			byKind[x.kind] = map[string]object{}
		}
		key := x.namespace + "/" + x.name
		if prev, dup := byKind[x.kind][key]; dup {
			r.add("k8s %s: duplicate of %s", x, prev)
		}
		byKind[x.kind][key] = x
	}
	secrets := map[string]map[string]bool{}
	workloads := map[string]string{}
	for _, x := range objects {
		switch {
		case x.kind == "Secret":
			r.add("k8s %s: a Secret is committed; reference it (secretKeyRef, envFrom secretRef) and create it out of band", x)
		case workloadKinds[x.kind]:
			if x.kind != "Job" {
				workloads[x.name] = x.kind
			}
			checkWorkload(x, overlay, byKind, secrets, r)
		case x.kind == "Service":
			checkService(x, objects, r)
		case x.kind == "PodDisruptionBudget":
			sel, _ := dig(x.o, "spec", "selector", "matchLabels").(obj)
			if !selectsAny(sel, objects, "Deployment") {
				r.add("k8s %s: selector %v matches no Deployment's pods", x, sel)
			}
		case x.kind == "HorizontalPodAutoscaler":
			target, _ := dig(x.o, "spec", "scaleTargetRef", "name").(string)
			if _, ok := byKind["Deployment"][x.namespace+"/"+target]; !ok {
				r.add("k8s %s: scaleTargetRef %q is not a Deployment of the overlay", x, target)
			}
			if min := toInt(dig(x.o, "spec", "minReplicas")); overlay == "production" && min < 2 {
				r.add("k8s %s: minReplicas %d, production runs at least 2 instances (spec 9)", x, min)
			}
		}
	}
	// every Deployment has its disruption budget and its autoscaler
	for _, d := range byKind["Deployment"] {
		budget, scaler := false, false
		for _, pdb := range byKind["PodDisruptionBudget"] {
			sel, _ := dig(pdb.o, "spec", "selector", "matchLabels").(obj)
			budget = budget || len(sel) > 0 && pdb.namespace == d.namespace && subset(sel, podLabels(d))
		}
		for _, hpa := range byKind["HorizontalPodAutoscaler"] {
			scaler = scaler || hpa.namespace == d.namespace && dig(hpa.o, "spec", "scaleTargetRef", "name") == d.name &&
				dig(hpa.o, "spec", "scaleTargetRef", "kind") == "Deployment"
		}
		if !budget {
			r.add("k8s %s: no PodDisruptionBudget selects its pods", d)
		}
		if !scaler {
			r.add("k8s %s: no HorizontalPodAutoscaler scales it", d)
		}
	}
	// the infrastructure the operators run, named like the compose file's services
	for kind, name := range map[string]string{"Cluster": "postgres", "Kafka": "kafka", "Elasticsearch": "elasticsearch"} {
		if len(byKind[kind]) > 0 {
			workloads[name] = kind
		}
	}
	checkNetwork(objects, r)
	for _, name := range sortedKeys(secrets) {
		fmt.Printf("  %s expects Secret %s (created out of band) with keys: %s\n", overlay, name, strings.Join(sortedKeys(secrets[name]), " "))
	}
	return workloads
}

func checkWorkload(x object, overlay string, byKind map[string]map[string]object, secrets map[string]map[string]bool, r *report) {
	labels := podLabels(x)
	if x.kind != "Job" {
		match, _ := dig(x.o, "spec", "selector", "matchLabels").(obj)
		if len(match) == 0 {
			r.add("k8s %s: spec.selector.matchLabels is empty", x)
		}
		for k, v := range match {
			if labels[k] != v {
				r.add("k8s %s: selector %s=%v does not match the pod template labels", x, k, v)
			}
		}
	}
	if overlay == "production" && x.kind == "Deployment" {
		if n := toInt(dig(x.o, "spec", "replicas")); n < 2 {
			r.add("k8s %s: %d replica(s), production runs at least 2 instances (spec 9)", x, n)
		}
	}
	pod := podSpec(x)
	if pod == nil {
		r.add("k8s %s: no pod template", x)
		return
	}
	if dig(pod, "securityContext", "runAsNonRoot") != true {
		r.add("k8s %s: pod securityContext.runAsNonRoot is not true", x)
	}
	if dig(pod, "securityContext", "seccompProfile", "type") != "RuntimeDefault" {
		r.add("k8s %s: pod securityContext.seccompProfile.type is not RuntimeDefault", x)
	}
	volumes := map[string]bool{}
	for _, v := range list(pod["volumes"]) {
		name, _ := v["name"].(string)
		volumes[name] = true
		if cm, ok := dig(v, "configMap", "name").(string); ok {
			if _, exists := byKind["ConfigMap"][x.namespace+"/"+cm]; !exists {
				r.add("k8s %s: volume %q uses ConfigMap %q, which the overlay does not have", x, name, cm)
			}
		}
	}
	initNames := map[string]bool{}
	for _, c := range list(pod["initContainers"]) {
		n, _ := c["name"].(string)
		initNames[n] = true
	}
	for _, c := range containersOf(pod) {
		cname, _ := c["name"].(string)
		where := fmt.Sprintf("%s container %q", x, cname)
		sc, _ := c["securityContext"].(obj)
		if sc["allowPrivilegeEscalation"] != false {
			r.add("k8s %s: securityContext.allowPrivilegeEscalation is not false", where)
		}
		if sc["readOnlyRootFilesystem"] != true {
			r.add("k8s %s: securityContext.readOnlyRootFilesystem is not true", where)
		}
		if !containsString(dig(sc, "capabilities", "drop"), "ALL") {
			r.add("k8s %s: securityContext.capabilities.drop does not name ALL", where)
		}
		if dig(c, "resources", "limits", "memory") == nil || dig(c, "resources", "requests", "memory") == nil {
			r.add("k8s %s: no memory request and limit", where)
		} else if limit := mebibytes(dig(c, "resources", "limits", "memory")); overlay == "production" && (limit < 0 || limit > 512) {
			r.add("k8s %s: memory limit %v, production caps an instance at 512Mi (spec 9)", where, dig(c, "resources", "limits", "memory"))
		}
		ports := map[string]bool{}
		for _, p := range list(c["ports"]) {
			ports[fmt.Sprint(p["containerPort"])] = true
			if pn, ok := p["name"].(string); ok {
				ports[pn] = true
			}
		}
		for _, probe := range []string{"startupProbe", "livenessProbe", "readinessProbe"} {
			p, ok := c[probe].(obj)
			if !ok {
				if x.kind == "Deployment" && !initNames[cname] {
					r.add("k8s %s: no %s", where, probe)
				}
				continue
			}
			for _, h := range []string{"httpGet", "tcpSocket", "grpc"} {
				if port := dig(p, h, "port"); port != nil && !ports[fmt.Sprint(port)] {
					r.add("k8s %s: %s.%s.port %v is not a declared container port", where, probe, h, port)
				}
			}
		}
		for _, ef := range list(c["envFrom"]) {
			if cm, ok := dig(ef, "configMapRef", "name").(string); ok {
				if _, exists := byKind["ConfigMap"][x.namespace+"/"+cm]; !exists {
					r.add("k8s %s: envFrom ConfigMap %q is not in the overlay", where, cm)
				}
			}
			if sn, ok := dig(ef, "secretRef", "name").(string); ok {
				addSecret(secrets, sn, "(every key)")
			}
		}
		seen := map[string]bool{}
		for _, e := range list(c["env"]) {
			en, _ := e["name"].(string)
			if seen[en] {
				r.add("k8s %s: env %s is set twice", where, en)
			}
			seen[en] = true
			if ref, ok := dig(e, "valueFrom", "configMapKeyRef").(obj); ok {
				cm, _ := ref["name"].(string)
				key, _ := ref["key"].(string)
				target, exists := byKind["ConfigMap"][x.namespace+"/"+cm]
				if !exists || dig(target.o, "data", key) == nil {
					r.add("k8s %s: env %s reads ConfigMap %s key %s, which the overlay does not have", where, en, cm, key)
				}
			}
			if ref, ok := dig(e, "valueFrom", "secretKeyRef").(obj); ok {
				sn, _ := ref["name"].(string)
				key, _ := ref["key"].(string)
				addSecret(secrets, sn, key)
			}
		}
		for _, vm := range list(c["volumeMounts"]) {
			if vn, _ := vm["name"].(string); !volumes[vn] {
				r.add("k8s %s: volumeMount %q is not a declared volume", where, vn)
			}
		}
	}
}

func addSecret(secrets map[string]map[string]bool, name, key string) {
	if secrets[name] == nil {
		secrets[name] = map[string]bool{}
	}
	secrets[name][key] = true
}

func checkService(x object, objects []object, r *report) {
	sel, _ := dig(x.o, "spec", "selector").(obj)
	if len(sel) == 0 {
		r.add("k8s %s: no selector", x)
		return
	}
	declared := map[string]bool{}
	matched := false
	for _, w := range objects {
		if w.kind != "Deployment" && w.kind != "StatefulSet" || w.namespace != x.namespace || !subset(sel, podLabels(w)) {
			continue
		}
		matched = true
		for _, c := range list(dig(w.o, "spec", "template", "spec", "containers")) {
			for _, p := range list(c["ports"]) {
				declared[fmt.Sprint(p["containerPort"])] = true
				if pn, ok := p["name"].(string); ok {
					declared[pn] = true
				}
			}
		}
	}
	if !matched {
		r.add("k8s %s: selector %v matches no Deployment's pods", x, sel)
		return
	}
	for _, p := range list(dig(x.o, "spec", "ports")) {
		target := p["targetPort"]
		if target == nil {
			target = p["port"]
		}
		if !declared[fmt.Sprint(target)] {
			r.add("k8s %s: targetPort %v is not a container port of the pods it selects", x, target)
		}
	}
}

func selectsAny(sel obj, objects []object, kind string) bool {
	if len(sel) == 0 {
		return false
	}
	for _, w := range objects {
		if w.kind == kind && subset(sel, podLabels(w)) {
			return true
		}
	}
	return false
}

func subset(sel, labels obj) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func containsString(v any, s string) bool {
	xs, _ := v.([]any)
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

var quantity = regexp.MustCompile(`^([0-9.]+)(Ki|Mi|Gi|k|M|G)?$`)

// mebibytes reads a memory quantity; -1 when it cannot.
func mebibytes(v any) float64 {
	m := quantity.FindStringSubmatch(fmt.Sprint(v))
	if m == nil {
		return -1
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return -1
	}
	factor := map[string]float64{
		"": 1.0 / (1 << 20), "Ki": 1.0 / 1024, "Mi": 1, "Gi": 1024,
		"k": 1000.0 / (1 << 20), "M": 1e6 / (1 << 20), "G": 1e9 / (1 << 20),
	}[m[2]]
	return n * factor
}

func toInt(v any) int64 {
	switch n := v.(type) {
	case int:
		return int64(n)
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}
