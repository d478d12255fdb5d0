package main

// Kubernetes: every overlay under <k8s>/overlays is built the way `kustomize build` builds it
// (sigs.k8s.io/kustomize/api's krusty, in process), and every object it renders is validated
// against the JSON schemas vendored in <k8s>/schemas: Kubernetes' own OpenAPI definitions and
// the operators' CRD schemas, strict (an unknown field fails; see schemas/README.md). An object
// whose apiVersion/kind has no schema fails too. Then the checks a schema cannot make across
// objects (rules.go): selectors that select, ports that exist, security contexts, secrets only
// referenced, and the network policies (netpol.go).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

type obj = map[string]any

// object is one rendered Kubernetes object.
type object struct {
	overlay    string
	apiVersion string
	kind       string
	namespace  string
	name       string
	o          obj
}

func (x object) String() string { return fmt.Sprintf("%s %s/%s", x.overlay, x.kind, x.name) }

// schemas maps "apiVersion/kind" to a compiled schema.
type schemas map[string]*jsonschema.Schema

// loadSchemas compiles every kind of every schemas/*.json file ({"kinds": {gvk: schema}, ...}).
func loadSchemas(dir string) (schemas, []string, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("no schemas in %s", dir)
	}
	c := jsonschema.NewCompiler()
	type entry struct{ file, kind string }
	var entries []entry
	var sources []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		m, _ := doc.(obj)
		kinds, _ := m["kinds"].(obj)
		if len(kinds) == 0 {
			return nil, nil, fmt.Errorf("%s: no kinds", f)
		}
		url := "file://" + filepath.ToSlash(f)
		if err := c.AddResource(url, doc); err != nil {
			return nil, nil, err
		}
		for k := range kinds {
			entries = append(entries, entry{url, k})
		}
		src, _ := m["source"].(string)
		sources = append(sources, fmt.Sprintf("%s (%d kinds): %s", filepath.Base(f), len(kinds), src))
	}
	out := schemas{}
	for _, e := range entries {
		ptr := strings.ReplaceAll(strings.ReplaceAll(e.kind, "~", "~0"), "/", "~1")
		s, err := c.Compile(e.file + "#/kinds/" + ptr)
		if err != nil {
			return nil, nil, fmt.Errorf("schema of %s: %w", e.kind, err)
		}
		out[e.kind] = s
	}
	return out, sources, nil
}

// overlays lists the directories under <k8s>/overlays that hold a kustomization.yaml.
func overlays(k8sDir string) []string {
	found, _ := filepath.Glob(filepath.Join(k8sDir, "overlays", "*", "kustomization.yaml"))
	var dirs []string
	for _, f := range found {
		dirs = append(dirs, filepath.Dir(f))
	}
	sort.Strings(dirs)
	return dirs
}

// build renders one kustomization directory as `kustomize build` does.
func build(dir, name string) ([]object, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	rm, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, err
	}
	var out []object
	for _, r := range rm.Resources() {
		m, err := r.Map()
		if err != nil {
			return nil, err
		}
		out = append(out, object{
			overlay: name, apiVersion: r.GetApiVersion(), kind: r.GetKind(),
			namespace: r.GetNamespace(), name: r.GetName(), o: m,
		})
	}
	return out, nil
}

// validate checks one object against its kind's schema; it returns one line per leaf error.
func (s schemas) validate(x object) []string {
	gvk := x.apiVersion + "/" + x.kind
	sch, ok := s[gvk]
	if !ok {
		return []string{fmt.Sprintf("no schema for apiVersion %s kind %s (vendor it: deploy/k8s/schemas/README.md)", x.apiVersion, x.kind)}
	}
	// through JSON, so numbers are json.Number as the validator expects
	data, err := json.Marshal(x.o)
	if err != nil {
		return []string{err.Error()}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return []string{err.Error()}
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil
	}
	// one line per leaf error: "- at '/spec/replicas': got string, want integer"
	var lines []string
	for _, l := range strings.Split(err.Error(), "\n") {
		if m := leafError.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			lines = append(lines, orRoot(m[1])+": "+m[2])
		}
	}
	if len(lines) == 0 {
		lines = append(lines, err.Error())
	}
	return lines
}

var leafError = regexp.MustCompile(`^- at '([^']*)': (.*)$`)

func orRoot(loc string) string {
	if loc == "" {
		return "/"
	}
	return loc
}

// checkK8s builds and validates every overlay; it returns the workloads of the production overlay
// (or of the last one) for the comparison with the compose file.
func checkK8s(dir, shown string, r *report) map[string]string {
	s, sources, err := loadSchemas(filepath.Join(dir, "schemas"))
	if err != nil {
		r.add("k8s %s: %v", shown, err)
		return nil
	}
	fmt.Printf("k8s %s: schemas\n", shown)
	for _, src := range sources {
		fmt.Printf("  %s\n", src)
	}
	dirs := overlays(dir)
	if len(dirs) == 0 {
		r.add("k8s %s: no overlays (overlays/<name>/kustomization.yaml)", shown)
		return nil
	}
	var workloads map[string]string
	for _, d := range dirs {
		name := filepath.Base(d)
		profile := name
		if strings.HasPrefix(name, "production") { // production, production-managed, ...
			profile = "production"
		}
		w := checkOverlay(d, filepath.Join(shown, "overlays", name), profile, s, r)
		if workloads == nil || name == "production" {
			workloads = w
		}
	}
	return workloads
}

// checkOverlay builds one kustomization, validates each object and applies the rules (profile
// "production" adds the spec's instance count and memory cap).
func checkOverlay(dir, shown, profile string, s schemas, r *report) map[string]string {
	objects, err := build(dir, shown)
	if err != nil {
		r.add("k8s %s: kustomize build: %v", shown, err)
		return nil
	}
	counts := map[string]int{}
	before := len(r.problems)
	for _, x := range objects {
		counts[x.kind]++
		for _, line := range s.validate(x) {
			r.add("k8s %s: %s", x, line)
		}
	}
	kinds := sortedKeys(counts)
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	workloads := checkRules(objects, profile, r)
	status := "valid"
	if len(r.problems) > before {
		status = fmt.Sprintf("%d problem(s)", len(r.problems)-before)
	}
	fmt.Printf("k8s %s: %d objects, %s: %s\n", shown, len(objects), status, strings.Join(parts, ", "))
	return workloads
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
