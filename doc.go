// Package foresight is the root of the Foresight module. It holds no code;
// its test enforces the layering described in docs/architecture.md.
package foresight
