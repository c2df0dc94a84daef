// Package lsp is Foresight's language server: the only package that speaks
// the Language Server Protocol (go.lsp.dev/protocol over jsonrpc2). It turns
// editor events into engine requests and engine results (plain data with
// byte offsets) into LSP diagnostics, code actions and commands.
package lsp
