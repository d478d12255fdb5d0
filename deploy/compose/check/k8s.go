package main

// Structural checks of the plain Kubernetes manifests in deploy/k8s (no cluster, no k8s client
// libraries): known kinds and apiVersions, no unknown fields where typos hurt (workload, pod,
// container, Service specs), DNS-1123 names, selectors that match their pod templates, Services
// that select a workload and target one of its ports, probes on declared ports, ConfigMaps that
// exist, mounted volumes that are declared, and a kustomization.yaml listing every manifest.
// Secrets are created out of band; the Secret names and keys the manifests expect are printed.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

type obj = map[string]any

var apiVersions = map[string]string{
	"Namespace": "v1", "ConfigMap": "v1", "Secret": "v1", "Service": "v1",
	"Deployment": "apps/v1", "StatefulSet": "apps/v1",
}

func keys(s string) map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(s) {
		m[k] = true
	}
	return m
}

var allowed = map[string]map[string]bool{
	"top":        keys("apiVersion kind metadata spec data binaryData stringData type immutable"),
	"metadata":   keys("name namespace labels annotations"),
	"Deployment": keys("replicas selector template strategy minReadySeconds revisionHistoryLimit progressDeadlineSeconds paused"),
	"StatefulSet": keys("replicas selector template serviceName volumeClaimTemplates podManagementPolicy updateStrategy " +
		"minReadySeconds persistentVolumeClaimRetentionPolicy revisionHistoryLimit ordinals"),
	"Service": keys("selector ports type clusterIP clusterIPs sessionAffinity publishNotReadyAddresses externalTrafficPolicy " +
		"internalTrafficPolicy ipFamilies ipFamilyPolicy loadBalancerIP"),
	"pod": keys("containers initContainers volumes securityContext serviceAccountName automountServiceAccountToken restartPolicy " +
		"terminationGracePeriodSeconds nodeSelector affinity tolerations enableServiceLinks imagePullSecrets hostname subdomain " +
		"priorityClassName topologySpreadConstraints"),
	"container": keys("name image imagePullPolicy command args workingDir ports env envFrom resources volumeMounts livenessProbe " +
		"readinessProbe startupProbe securityContext lifecycle terminationMessagePath terminationMessagePolicy stdin tty"),
	"probe": keys("httpGet tcpSocket exec grpc initialDelaySeconds periodSeconds timeoutSeconds successThreshold failureThreshold " +
		"terminationGracePeriodSeconds"),
}

var dns1123 = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

type manifest struct {
	file string
	kind string
	name string
	o    obj
}

func (m manifest) String() string { return fmt.Sprintf("%s %s/%s", m.file, m.kind, m.name) }

func checkK8s(dir, shown string, r *report) map[string]string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	more, _ := filepath.Glob(filepath.Join(dir, "*.yml"))
	files = append(files, more...)
	sort.Strings(files)
	var ms []manifest
	var kustomization obj
	var manifestFiles []string
	for _, f := range files {
		base := filepath.Base(f)
		docs, err := readYAML(f)
		if err != nil {
			r.add("k8s %s: %v", base, err)
			continue
		}
		if base == "kustomization.yaml" || base == "kustomization.yml" {
			if len(docs) == 1 {
				kustomization = docs[0]
			}
			continue
		}
		manifestFiles = append(manifestFiles, base)
		for i, d := range docs {
			kind, _ := d["kind"].(string)
			name, _ := dig(d, "metadata", "name").(string)
			m := manifest{file: base, kind: kind, name: name, o: d}
			want, known := apiVersions[kind]
			switch {
			case kind == "":
				r.add("k8s %s document %d: no kind", base, i+1)
				continue
			case !known:
				r.add("k8s %s: kind %q is not one this check knows (%s)", m, kind, strings.Join(sortedKeys(apiVersions), ", "))
				continue
			case d["apiVersion"] != want:
				r.add("k8s %s: apiVersion %v, want %s", m, d["apiVersion"], want)
			}
			if !dns1123.MatchString(name) || len(name) > 63 {
				r.add("k8s %s: metadata.name %q is not a DNS-1123 label", m, name)
			}
			unknownFields(d, "top", m.String(), r)
			if md, ok := d["metadata"].(obj); ok {
				unknownFields(md, "metadata", m.String()+" metadata", r)
			}
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		r.add("k8s %s: no manifests", shown)
		return nil
	}
	checkKustomization(kustomization, manifestFiles, dir, shown, r)

	byKind := map[string]map[string]manifest{}
	for _, m := range ms {
		if byKind[m.kind] == nil {
			byKind[m.kind] = map[string]manifest{}
		}
		if prev, dup := byKind[m.kind][m.name]; dup {
			r.add("k8s %s: duplicate of %s", m, prev)
		}
		byKind[m.kind][m.name] = m
	}
	secrets := map[string]map[string]bool{}
	workloads := map[string]string{}
	for _, kind := range []string{"Deployment", "StatefulSet"} {
		for _, m := range byKind[kind] {
			workloads[m.name] = kind
			checkWorkload(m, byKind, secrets, r)
		}
	}
	for _, m := range byKind["Service"] {
		checkService(m, byKind, r)
	}

	fmt.Printf("k8s %s: %d objects in %d files\n", shown, len(ms), len(manifestFiles))
	for _, kind := range []string{"Namespace", "ConfigMap", "Secret", "Deployment", "StatefulSet", "Service"} {
		if names := sortedKeys(byKind[kind]); len(names) > 0 {
			fmt.Printf("  %-12s %s\n", kind, strings.Join(names, " "))
		}
	}
	for _, name := range sortedKeys(secrets) {
		if _, ok := byKind["Secret"][name]; !ok {
			fmt.Printf("  expects Secret %s (create it out of band) with keys: %s\n", name, strings.Join(sortedKeys(secrets[name]), " "))
		}
	}
	return workloads
}

func checkKustomization(k obj, files []string, dir, shown string, r *report) {
	if k == nil {
		r.add("k8s %s: kustomization.yaml missing or not a single document", shown)
		return
	}
	listed := map[string]bool{}
	res, _ := k["resources"].([]any)
	for _, x := range res {
		s, _ := x.(string)
		listed[s] = true
		if _, err := os.Stat(filepath.Join(dir, s)); s == "" || err != nil && !slicesContains(files, s) {
			r.add("k8s %s/kustomization.yaml: resource %q does not exist", shown, s)
		}
	}
	for _, f := range files {
		if !listed[f] {
			r.add("k8s %s/kustomization.yaml: %s is not listed in resources", shown, f)
		}
	}
}

func checkWorkload(m manifest, byKind map[string]map[string]manifest, secrets map[string]map[string]bool, r *report) {
	spec, _ := m.o["spec"].(obj)
	if spec == nil {
		r.add("k8s %s: no spec", m)
		return
	}
	unknownFields(spec, m.kind, m.String()+" spec", r)
	match, _ := dig(spec, "selector", "matchLabels").(obj)
	labels, _ := dig(spec, "template", "metadata", "labels").(obj)
	if len(match) == 0 {
		r.add("k8s %s: spec.selector.matchLabels is empty", m)
	}
	for k, v := range match {
		if labels[k] != v {
			r.add("k8s %s: selector %s=%v does not match the pod template labels", m, k, v)
		}
	}
	if m.kind == "StatefulSet" {
		svc, _ := spec["serviceName"].(string)
		if _, ok := byKind["Service"][svc]; !ok {
			r.add("k8s %s: serviceName %q is not a Service in the manifests", m, svc)
		}
	}
	pod, _ := dig(spec, "template", "spec").(obj)
	if pod == nil {
		r.add("k8s %s: no spec.template.spec", m)
		return
	}
	unknownFields(pod, "pod", m.String()+" pod spec", r)
	volumes := map[string]bool{}
	for _, v := range list(pod["volumes"]) {
		name, _ := v["name"].(string)
		volumes[name] = true
		if cm, ok := dig(v, "configMap", "name").(string); ok {
			if _, exists := byKind["ConfigMap"][cm]; !exists {
				r.add("k8s %s: volume %q uses ConfigMap %q, which is not in the manifests", m, name, cm)
			}
		}
	}
	for _, t := range list(spec["volumeClaimTemplates"]) {
		if name, ok := dig(t, "metadata", "name").(string); ok {
			volumes[name] = true
		}
	}
	containers := list(pod["containers"])
	if len(containers) == 0 {
		r.add("k8s %s: no containers", m)
	}
	for _, c := range containers {
		cname, _ := c["name"].(string)
		where := fmt.Sprintf("%s container %q", m, cname)
		unknownFields(c, "container", where, r)
		if !dns1123.MatchString(cname) {
			r.add("k8s %s: bad container name", where)
		}
		if img, _ := c["image"].(string); img == "" {
			r.add("k8s %s: no image", where)
		}
		ports := map[string]bool{}
		for _, p := range list(c["ports"]) {
			n, ok := p["containerPort"].(int)
			if !ok || n < 1 || n > 65535 {
				r.add("k8s %s: containerPort %v is not a port number", where, p["containerPort"])
			}
			ports[strconv.Itoa(n)] = true
			if pn, ok := p["name"].(string); ok {
				if len(pn) > 15 || !dns1123.MatchString(pn) {
					r.add("k8s %s: port name %q is not an IANA_SVC_NAME", where, pn)
				}
				ports[pn] = true
			}
		}
		for _, probe := range []string{"livenessProbe", "readinessProbe", "startupProbe"} {
			p, ok := c[probe].(obj)
			if !ok {
				continue
			}
			unknownFields(p, "probe", where+" "+probe, r)
			for _, h := range []string{"httpGet", "tcpSocket"} {
				if port := dig(p, h, "port"); port != nil && !ports[fmt.Sprint(port)] {
					r.add("k8s %s: %s.%s.port %v is not a declared container port", where, probe, h, port)
				}
			}
			if path, ok := dig(p, "httpGet", "path").(string); ok && !strings.HasPrefix(path, "/") {
				r.add("k8s %s: %s.httpGet.path %q does not start with /", where, probe, path)
			}
		}
		for _, ef := range list(c["envFrom"]) {
			if cm, ok := dig(ef, "configMapRef", "name").(string); ok {
				if _, exists := byKind["ConfigMap"][cm]; !exists {
					r.add("k8s %s: envFrom ConfigMap %q is not in the manifests", where, cm)
				}
			}
		}
		seen := map[string]bool{}
		for _, e := range list(c["env"]) {
			en, _ := e["name"].(string)
			if en == "" || seen[en] {
				r.add("k8s %s: env entry with an empty or duplicate name %q", where, en)
			}
			seen[en] = true
			if ref, ok := dig(e, "valueFrom", "configMapKeyRef").(obj); ok {
				cm, _ := ref["name"].(string)
				key, _ := ref["key"].(string)
				if target, exists := byKind["ConfigMap"][cm]; !exists || dig(target.o, "data", key) == nil {
					r.add("k8s %s: env %s reads ConfigMap %s key %s, which is not in the manifests", where, en, cm, key)
				}
			}
			if ref, ok := dig(e, "valueFrom", "secretKeyRef").(obj); ok {
				sn, _ := ref["name"].(string)
				key, _ := ref["key"].(string)
				if sn == "" || key == "" {
					r.add("k8s %s: env %s: secretKeyRef needs name and key", where, en)
				} else {
					if secrets[sn] == nil {
						secrets[sn] = map[string]bool{}
					}
					secrets[sn][key] = true
				}
			}
		}
		for _, vm := range list(c["volumeMounts"]) {
			vn, _ := vm["name"].(string)
			if !volumes[vn] {
				r.add("k8s %s: volumeMount %q is not a declared volume", where, vn)
			}
		}
	}
}

func checkService(m manifest, byKind map[string]map[string]manifest, r *report) {
	spec, _ := m.o["spec"].(obj)
	if spec == nil {
		r.add("k8s %s: no spec", m)
		return
	}
	unknownFields(spec, "Service", m.String()+" spec", r)
	sel, _ := spec["selector"].(obj)
	ports := list(spec["ports"])
	if len(ports) == 0 {
		r.add("k8s %s: no ports", m)
	}
	if len(sel) == 0 {
		r.add("k8s %s: no selector", m)
		return
	}
	var targets []manifest
	for _, kind := range []string{"Deployment", "StatefulSet"} {
		for _, w := range byKind[kind] {
			labels, _ := dig(w.o, "spec", "template", "metadata", "labels").(obj)
			ok := true
			for k, v := range sel {
				ok = ok && labels[k] == v
			}
			if ok {
				targets = append(targets, w)
			}
		}
	}
	if len(targets) == 0 {
		r.add("k8s %s: selector %v matches no Deployment or StatefulSet", m, sel)
		return
	}
	declared := map[string]bool{}
	for _, w := range targets {
		for _, c := range list(dig(w.o, "spec", "template", "spec", "containers")) {
			for _, p := range list(c["ports"]) {
				declared[fmt.Sprint(p["containerPort"])] = true
				if pn, ok := p["name"].(string); ok {
					declared[pn] = true
				}
			}
		}
	}
	for _, p := range ports {
		n, ok := p["port"].(int)
		if !ok || n < 1 || n > 65535 {
			r.add("k8s %s: port %v is not a port number", m, p["port"])
		}
		target := p["targetPort"]
		if target == nil {
			target = p["port"]
		}
		if !declared[fmt.Sprint(target)] {
			r.add("k8s %s: targetPort %v is not a container port of %s", m, target, targets[0].name)
		}
	}
}

func readYAML(path string) ([]obj, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var docs []obj
	for {
		var d obj
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
}

func unknownFields(o obj, set, where string, r *report) {
	for k := range o {
		if !allowed[set][k] {
			r.add("k8s %s: unknown field %q", where, k)
		}
	}
}

func dig(o obj, path ...string) any {
	var cur any = o
	for _, p := range path {
		m, ok := cur.(obj)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	return cur
}

func list(v any) []obj {
	xs, _ := v.([]any)
	out := make([]obj, 0, len(xs))
	for _, x := range xs {
		if m, ok := x.(obj); ok {
			out = append(out, m)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func slicesContains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
