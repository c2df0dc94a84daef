package deploy

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decodeStrict decodes a manifest into v, failing on any field the
// Kubernetes type does not have (a typo or a field of another version).
func decodeStrict(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestFuzzJob checks the Indexed Job: one pod per shard, the shard index
// passed to --shard, the shard count equal to completions and
// parallelism, and the shared corpus volume mounted where --corpus points.
func TestFuzzJob(t *testing.T) {
	var job batchv1.Job
	decodeStrict(t, "k8s/fuzz-job.yaml", &job)
	var pvc corev1.PersistentVolumeClaim
	decodeStrict(t, "k8s/corpus-pvc.yaml", &pvc)

	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Errorf("apiVersion %q kind %q", job.APIVersion, job.Kind)
	}
	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("completionMode %v, want Indexed", s.CompletionMode)
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism || *s.Completions < 2 {
		t.Errorf("completions %v, parallelism %v: want equal, at least 2", s.Completions, s.Parallelism)
	}
	pod := s.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever && pod.RestartPolicy != corev1.RestartPolicyOnFailure {
		t.Errorf("restartPolicy %q: a Job needs Never or OnFailure", pod.RestartPolicy)
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(pod.Containers))
	}
	c := pod.Containers[0]
	env := map[string]corev1.EnvVar{}
	for _, e := range c.Env {
		env[e.Name] = e
	}
	if n, err := strconv.Atoi(env["SHARDS"].Value); err != nil || s.Completions == nil || int32(n) != *s.Completions {
		t.Errorf("SHARDS %q, completions %v: want equal", env["SHARDS"].Value, s.Completions)
	}
	idx := env["JOB_COMPLETION_INDEX"].ValueFrom
	if idx == nil || idx.FieldRef == nil || idx.FieldRef.FieldPath != "metadata.annotations['batch.kubernetes.io/job-completion-index']" {
		t.Errorf("JOB_COMPLETION_INDEX does not come from the completion index annotation: %+v", idx)
	}
	cmd := strings.Join(append(slices.Clone(c.Command), c.Args...), " ")
	for _, want := range []string{"foresight fuzz", `--shard "$JOB_COMPLETION_INDEX/$SHARDS"`, "--corpus /corpus"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("command %q lacks %q", cmd, want)
		}
	}
	mounted := ""
	for _, m := range c.VolumeMounts {
		if m.MountPath == "/corpus" {
			mounted = m.Name
		}
	}
	claim := ""
	for _, v := range pod.Volumes {
		if v.Name == mounted && v.PersistentVolumeClaim != nil {
			claim = v.PersistentVolumeClaim.ClaimName
		}
	}
	if claim == "" || claim != pvc.Name {
		t.Errorf("/corpus is mounted from claim %q, want the claim %q of corpus-pvc.yaml", claim, pvc.Name)
	}
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Errorf("the corpus claim's access modes %v: shards on many nodes need ReadWriteMany", pvc.Spec.AccessModes)
	}
}

// TestStrictDecodingCatchesTypos makes sure the check above can fail: a
// misspelt field is an error.
func TestStrictDecodingCatchesTypos(t *testing.T) {
	data, err := os.ReadFile("k8s/fuzz-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "completionMode:", "completionMod:", 1)
	var job batchv1.Job
	if err := yaml.UnmarshalStrict([]byte(bad), &job); err == nil {
		t.Error("a misspelt field decoded without error")
	}
}
