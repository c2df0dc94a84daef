// Package deploy holds the deployment recipes of Foresight (a GitHub
// Actions workflow, Kubernetes manifests, a Dockerfile) and the tests that
// check them. It is a module of its own so the Kubernetes API types it
// decodes the manifests into stay out of the main module's dependencies.
package deploy
