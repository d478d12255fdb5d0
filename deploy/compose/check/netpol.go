package main

// Network policies, evaluated as a cluster enforcing NetworkPolicy would (podSelector,
// namespaceSelector, named and numbered ports, policyTypes) over the pods the overlay makes:
// its Deployments and Jobs, and the pods the operators make for its resources (CloudNativePG
// Cluster, Strimzi Kafka, ECK Elasticsearch, with the labels and Services those operators give
// them), plus the cluster DNS.
//
// What a workload calls is read from its configuration: every in-cluster address in its
// environment (env values and the ConfigMaps it reads), e.g. SUBGRAPH_JOBS_URL=http://jobs:8000
// or KAFKA_BOOTSTRAP_SERVERS=jobboard-kafka-bootstrap:9092, or a value that is a Service's name
// (JOBBOARD_PG_HOST=jobs-db-rw: each of its ports). Then:
//   - every such call must be allowed (egress from the caller and ingress to the callee), and DNS;
//   - nothing else between pods may be allowed: a workload reaching a pod its configuration never
//     names (another service's database, a subgraph from the web server) is a problem.

import (
	"fmt"
	"regexp"
	"strings"
)

type pod struct {
	owner     string // "Deployment/jobs"
	name      string
	namespace string
	labels    obj
	ports     map[string]string // port name -> "TCP/8000"; "TCP/8000" -> itself
	app       bool              // made by the overlay's own workloads (the callers we check)
	env       []string
}

type svc struct {
	name, namespace string
	selector        obj
	ports           map[string]any // service port number -> targetPort (name or number)
}

var address = regexp.MustCompile(`(?:^|[/@,\s])([a-z0-9]([-a-z0-9]*[a-z0-9])?)(?:\.([a-z0-9-]+)(?:\.svc(?:\.cluster\.local)?)?)?:([0-9]{1,5})\b`)

func checkNetwork(objects []object, r *report) {
	configMaps := map[string]obj{}
	for _, x := range objects {
		if x.kind == "ConfigMap" {
			d, _ := x.o["data"].(obj)
			configMaps[x.namespace+"/"+x.name] = d
		}
	}
	var pods []*pod
	var services []svc
	for _, x := range objects {
		switch x.kind {
		case "Deployment", "Job", "StatefulSet":
			pods = append(pods, workloadPod(x, configMaps))
		case "Service":
			s := svc{name: x.name, namespace: x.namespace, ports: map[string]any{}}
			s.selector, _ = dig(x.o, "spec", "selector").(obj)
			for _, p := range list(dig(x.o, "spec", "ports")) {
				t := p["targetPort"]
				if t == nil {
					t = p["port"]
				}
				s.ports[fmt.Sprint(p["port"])] = t
			}
			services = append(services, s)
		case "Cluster", "Kafka", "Elasticsearch":
			p, ss := operatorPod(x)
			pods = append(pods, p)
			services = append(services, ss...)
		}
	}
	dns := &pod{owner: "cluster DNS", name: "kube-dns", namespace: "kube-system",
		labels: obj{"k8s-app": "kube-dns"}, ports: map[string]string{"dns": "UDP/53", "dns-tcp": "TCP/53", "UDP/53": "UDP/53", "TCP/53": "TCP/53"}}
	pods = append(pods, dns)
	var policies []object
	for _, x := range objects {
		if x.kind == "NetworkPolicy" {
			policies = append(policies, x)
		}
	}

	byService := map[string]svc{}
	for _, s := range services {
		byService[s.namespace+"/"+s.name] = s
	}
	for _, src := range pods {
		if !src.app {
			continue
		}
		required := map[string]string{} // "dst owner|TCP/n" -> why
		for _, dst := range []string{"UDP/53", "TCP/53"} {
			required[dns.owner+"|"+dst] = "DNS"
		}
		for _, value := range src.env {
			matches := address.FindAllStringSubmatch(value, -1)
			// a bare host (JOBBOARD_PG_HOST=jobs-db-rw, its port set apart): every port it serves
			if s, ok := byService[src.namespace+"/"+strings.TrimSpace(value)]; ok {
				for port := range s.ports {
					matches = append(matches, []string{"", s.name, "", "", port})
				}
			}
			for _, m := range matches {
				ns := src.namespace
				if m[3] != "" {
					ns = m[3]
				}
				s, ok := byService[ns+"/"+m[1]]
				if !ok {
					continue
				}
				target, ok := s.ports[m[4]]
				if !ok {
					r.add("k8s %s: %s names port %s of Service %s, which it does not have", src.owner, value, m[4], s.name)
					continue
				}
				found := false
				for _, dst := range pods {
					if dst.namespace != s.namespace || !subset(s.selector, dst.labels) {
						continue
					}
					port, ok := dst.ports[fmt.Sprint(target)]
					if !ok {
						if n := fmt.Sprint(target); strings.Trim(n, "0123456789") == "" {
							port = "TCP/" + n
						} else {
							continue
						}
					}
					found = true
					required[dst.owner+"|"+port] = fmt.Sprintf("%s:%s", m[1], m[4])
				}
				if !found {
					r.add("k8s %s: its configuration calls %s:%s, but that Service selects no pod", src.owner, m[1], m[4])
				}
			}
		}
		for _, dst := range pods {
			if dst.owner == src.owner {
				continue
			}
			for _, port := range uniquePorts(dst.ports) {
				why, needed := required[dst.owner+"|"+port]
				allowed, blockedBy := allowedFlow(src, dst, port, policies)
				switch {
				case needed && !allowed:
					r.add("k8s %s: NetworkPolicies block %s -> %s %s (%s): %s", src.owner, src.name, dst.owner, port, why, blockedBy)
				case !needed && allowed:
					r.add("k8s %s: NetworkPolicies allow %s -> %s %s, which its configuration never calls", src.owner, src.name, dst.owner, port)
				}
			}
		}
	}
}

func workloadPod(x object, configMaps map[string]obj) *pod {
	p := &pod{owner: x.kind + "/" + x.name, name: x.name, namespace: x.namespace, labels: podLabels(x),
		ports: map[string]string{}, app: true}
	spec := podSpec(x)
	for _, c := range containersOf(spec) {
		for _, cp := range list(c["ports"]) {
			proto, _ := cp["protocol"].(string)
			if proto == "" {
				proto = "TCP"
			}
			v := fmt.Sprintf("%s/%v", proto, cp["containerPort"])
			p.ports[v] = v
			if n, ok := cp["name"].(string); ok {
				p.ports[n] = v
			}
		}
		for _, e := range list(c["env"]) {
			if v, ok := e["value"].(string); ok {
				p.env = append(p.env, v)
			}
			if ref, ok := dig(e, "valueFrom", "configMapKeyRef").(obj); ok {
				if v, ok := dig(configMaps[x.namespace+"/"+fmt.Sprint(ref["name"])], fmt.Sprint(ref["key"])).(string); ok {
					p.env = append(p.env, v)
				}
			}
		}
		for _, ef := range list(c["envFrom"]) {
			if cm, ok := dig(ef, "configMapRef", "name").(string); ok {
				for _, v := range configMaps[x.namespace+"/"+cm] {
					p.env = append(p.env, fmt.Sprint(v))
				}
			}
		}
	}
	return p
}

// operatorPod: the pods and Services an operator makes for one of its resources.
func operatorPod(x object) (*pod, []svc) {
	p := &pod{owner: x.kind + "/" + x.name, name: x.name, namespace: x.namespace}
	tcp := func(name string, n int) {
		v := fmt.Sprintf("TCP/%d", n)
		p.ports[name], p.ports[v] = v, v
	}
	p.ports = map[string]string{}
	var names []string
	var port int
	switch x.kind {
	case "Cluster": // CloudNativePG: <name>-rw, -ro, -r
		p.labels = obj{"cnpg.io/cluster": x.name, "cnpg.io/podRole": "instance"}
		tcp("postgresql", 5432)
		names, port = []string{x.name + "-rw", x.name + "-ro", x.name + "-r"}, 5432
	case "Kafka": // Strimzi: <name>-kafka-bootstrap
		p.labels = obj{"strimzi.io/cluster": x.name, "strimzi.io/kind": "Kafka", "strimzi.io/name": x.name + "-kafka"}
		tcp("tcp-clients", 9092)
		names, port = []string{x.name + "-kafka-bootstrap"}, 9092
	case "Elasticsearch": // ECK: <name>-es-http
		p.labels = obj{"elasticsearch.k8s.elastic.co/cluster-name": x.name, "common.k8s.elastic.co/type": "elasticsearch"}
		tcp("http", 9200)
		names, port = []string{x.name + "-es-http"}, 9200
	}
	var ss []svc
	for _, n := range names {
		ss = append(ss, svc{name: n, namespace: x.namespace, selector: p.labels, ports: map[string]any{fmt.Sprint(port): port}})
	}
	return p, ss
}

func uniquePorts(ports map[string]string) []string {
	seen := map[string]bool{}
	for _, v := range ports {
		seen[v] = true
	}
	return sortedKeys(seen)
}

// allowedFlow: may src open a connection to dst's port ("TCP/8000")?
func allowedFlow(src, dst *pod, port string, policies []object) (bool, string) {
	if ok, why := allowedBy(src, dst, port, "Egress", src, dst, policies); !ok {
		return false, why
	}
	return allowedBy(src, dst, port, "Ingress", dst, src, policies)
}

// allowedBy applies the policies of one direction: those selecting `subject`, whose peer is `peer`.
func allowedBy(src, dst *pod, port, direction string, subject, peer *pod, policies []object) (bool, string) {
	isolated := false
	for _, np := range policies {
		if np.namespace != subject.namespace || !matches(dig(np.o, "spec", "podSelector"), subject.labels) || !hasType(np, direction) {
			continue
		}
		isolated = true
		rulesKey, peersKey := "ingress", "from"
		if direction == "Egress" {
			rulesKey, peersKey = "egress", "to"
		}
		for _, rule := range list(dig(np.o, "spec", rulesKey)) {
			if peerMatches(rule[peersKey], np.namespace, peer) && portMatches(rule["ports"], port, dst) {
				return true, ""
			}
		}
	}
	if !isolated {
		return true, ""
	}
	return false, fmt.Sprintf("no %s rule selecting %s allows it", strings.ToLower(direction), subject.owner)
}

func hasType(np object, direction string) bool {
	types, ok := dig(np.o, "spec", "policyTypes").([]any)
	if !ok {
		return direction == "Ingress" || dig(np.o, "spec", "egress") != nil
	}
	return containsString(types, direction)
}

func peerMatches(peers any, policyNamespace string, p *pod) bool {
	xs, ok := peers.([]any)
	if !ok || len(xs) == 0 {
		return true // no peers listed: any peer
	}
	nsLabels := obj{"kubernetes.io/metadata.name": p.namespace}
	for _, x := range list(peers) {
		ps, hasPod := x["podSelector"]
		ns, hasNS := x["namespaceSelector"]
		switch {
		case !hasPod && !hasNS: // ipBlock: addresses outside the cluster's pods
			continue
		case hasNS && !matches(ns, nsLabels):
			continue
		case !hasNS && p.namespace != policyNamespace:
			continue
		case hasPod && !matches(ps, p.labels):
			continue
		}
		return true
	}
	return false
}

func portMatches(ports any, port string, dst *pod) bool {
	xs, ok := ports.([]any)
	if !ok || len(xs) == 0 {
		return true
	}
	for _, p := range list(ports) {
		proto, _ := p["protocol"].(string)
		if proto == "" {
			proto = "TCP"
		}
		n := p["port"]
		if n == nil {
			if strings.HasPrefix(port, proto+"/") {
				return true
			}
			continue
		}
		want, ok := dst.ports[fmt.Sprint(n)]
		if !ok {
			want = fmt.Sprintf("%s/%v", proto, n)
		}
		if want == port && strings.HasPrefix(port, proto+"/") {
			return true
		}
	}
	return false
}

// matches applies a LabelSelector (matchLabels and matchExpressions); {} selects everything.
func matches(selector any, labels obj) bool {
	s, ok := selector.(obj)
	if !ok {
		return selector == nil
	}
	for k, v := range asObj(s["matchLabels"]) {
		if labels[k] != v {
			return false
		}
	}
	for _, e := range list(s["matchExpressions"]) {
		key, _ := e["key"].(string)
		v, has := labels[key]
		in := false
		for _, x := range asList(e["values"]) {
			in = in || has && x == v
		}
		switch e["operator"] {
		case "In":
			if !in {
				return false
			}
		case "NotIn":
			if in {
				return false
			}
		case "Exists":
			if !has {
				return false
			}
		case "DoesNotExist":
			if has {
				return false
			}
		}
	}
	return true
}

func asObj(v any) obj {
	m, _ := v.(obj)
	return m
}

func asList(v any) []any {
	xs, _ := v.([]any)
	return xs
}
