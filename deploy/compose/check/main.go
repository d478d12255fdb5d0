// Command check validates the deployment descriptions without a container engine or a cluster.
//
//	check [-C <repo>] [-f docker-compose.yml] [-k deploy/k8s] [-v]
//
// Compose: the file is loaded the way `docker compose` loads it (compose-go: JSON-schema
// validation, interpolation, merge keys, path resolution, consistency checks); then every
// build.dockerfile must exist, and every `depends_on: condition: service_healthy` target must have
// a healthcheck (in the compose file, or a HEALTHCHECK in its Dockerfile).
// Kubernetes: see k8s.go. Both describe the same topology: the compose services and the k8s
// workloads must have the same names. Exit status 1 on any problem, every problem printed.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

var verbose bool

type report struct{ problems []string }

func (r *report) add(format string, args ...any) {
	r.problems = append(r.problems, fmt.Sprintf(format, args...))
}

func main() {
	repo := flag.String("C", ".", "repository root (compose project directory)")
	file := flag.String("f", "docker-compose.yml", "compose file, relative to -C")
	k8sDir := flag.String("k", "deploy/k8s", "Kubernetes manifests directory, relative to -C (empty: skip)")
	flag.BoolVar(&verbose, "v", false, "also print the resolved compose project")
	flag.Parse()

	root, err := filepath.Abs(*repo)
	if err != nil {
		fail(err)
	}
	r := &report{}
	composeNames, err := checkCompose(root, *file, r)
	if err != nil {
		fail(fmt.Errorf("%s: %w", *file, err))
	}
	if *k8sDir != "" {
		workloads := checkK8s(filepath.Join(root, *k8sDir), *k8sDir, r)
		compareTopology(composeNames, workloads, r)
	}
	if len(r.problems) > 0 {
		for _, p := range r.problems {
			fmt.Fprintln(os.Stderr, "check: FAIL:", p)
		}
		fail(fmt.Errorf("%d problem(s)", len(r.problems)))
	}
	fmt.Println("check: OK")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "check: FAIL:", err)
	os.Exit(1)
}

func checkCompose(root, file string, r *report) ([]string, error) {
	opts, err := cli.NewProjectOptions(
		[]string{file},
		cli.WithWorkingDirectory(root),
		cli.WithOsEnv,
		cli.WithConsistency(true),
		cli.WithResolvedPaths(true),
	)
	if err != nil {
		return nil, err
	}
	project, err := cli.ProjectFromOptions(context.Background(), opts)
	if err != nil {
		return nil, err
	}
	if verbose {
		out, err := project.MarshalYAML()
		if err != nil {
			return nil, err
		}
		fmt.Printf("%s\n", out)
	}
	names := project.ServiceNames()
	sort.Strings(names)
	fmt.Printf("compose %s (project %q): %d services\n", file, project.Name, len(names))
	for _, name := range names {
		svc := project.Services[name]
		from := "image " + svc.Image
		if svc.Build != nil {
			df := dockerfilePath(svc)
			from = "build " + rel(root, df)
			if st, err := os.Stat(df); err != nil || st.IsDir() {
				r.add("compose service %q: build.dockerfile %s does not exist", name, rel(root, df))
			}
		}
		for dep, cfg := range svc.DependsOn {
			if cfg.Condition != types.ServiceConditionHealthy {
				continue
			}
			if target, ok := project.Services[dep]; ok && !hasHealthcheck(target) {
				r.add("compose service %q waits for %q to be healthy, but %q has no healthcheck", name, dep, dep)
			}
		}
		fmt.Printf("  %-14s %s\n", name, from)
	}
	return names, nil
}

func dockerfilePath(s types.ServiceConfig) string {
	df := s.Build.Dockerfile
	if df == "" {
		df = "Dockerfile"
	}
	if !filepath.IsAbs(df) {
		df = filepath.Join(s.Build.Context, df)
	}
	return df
}

var healthcheckLine = regexp.MustCompile(`(?mi)^\s*HEALTHCHECK\s+(?:--\S+\s+)*(?:\\\s*\n\s*)?CMD\b`)

// hasHealthcheck: a compose healthcheck, or a HEALTHCHECK ... CMD instruction in the Dockerfile.
func hasHealthcheck(s types.ServiceConfig) bool {
	if s.HealthCheck != nil {
		return !s.HealthCheck.Disable && len(s.HealthCheck.Test) > 0 && s.HealthCheck.Test[0] != "NONE"
	}
	if s.Build == nil {
		return false
	}
	data, err := os.ReadFile(dockerfilePath(s))
	return err == nil && healthcheckLine.Match(data)
}

// compareTopology: the same services in both. A service's workers run in its own process under
// compose and in their own Deployment on Kubernetes (<service>-worker): that is the same service.
func compareTopology(compose []string, workloads map[string]string, r *report) {
	for n := range workloads {
		if base, ok := strings.CutSuffix(n, "-worker"); ok {
			if _, api := workloads[base]; api {
				delete(workloads, n)
			}
		}
	}
	inCompose := map[string]bool{}
	for _, n := range compose {
		inCompose[n] = true
		if _, ok := workloads[n]; !ok {
			r.add("topology: compose service %q has no Deployment/StatefulSet in the k8s manifests", n)
		}
	}
	for n := range workloads {
		if !inCompose[n] {
			r.add("topology: k8s workload %q has no service in the compose file", n)
		}
	}
}

func rel(base, p string) string {
	if r, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}
