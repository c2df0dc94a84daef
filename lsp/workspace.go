package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// methodGrantTrust is the notification a client sends when the user
// trusts the workspace (VS Code: onDidGrantWorkspaceTrust).
const methodGrantTrust = "foresight/didGrantWorkspaceTrust"

// errOutside is why a path outside every workspace folder is refused.
var errOutside = errors.New("outside the workspace")

// trustOptions is the trust part of initializationOptions. It is not a
// setting of the "foresight" section: a workspace's own settings
// (.vscode/settings.json) must not be able to trust the workspace.
type trustOptions struct {
	TrustedWorkspace bool `json:"trustedWorkspace"`
}

// resolve returns the absolute path with every symbolic link resolved;
// for a path that does not exist (yet), the nearest existing ancestor is
// resolved and the rest appended. A dangling link is an error.
func resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("resolve %s: %w", path, err)
	}
	rest := ""
	for dir := abs; ; {
		real, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if _, lerr := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) || lerr == nil {
			// Not a missing entry but, say, a dangling link: where it
			// leads cannot be checked.
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// within reports whether path is dir or lies under it (both resolved).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// setFoldersLocked records the client's workspace folders, resolved.
func (s *server) setFoldersLocked(uris []protocol.DocumentURI) {
	s.folders = nil
	for _, u := range uris {
		path, err := pathOf(u)
		if err != nil {
			s.log.Warn("workspace folder", zap.Error(err))
			continue
		}
		real, err := resolve(path)
		if err != nil {
			s.log.Warn("workspace folder", zap.Error(err))
			continue
		}
		s.folders = append(s.folders, real)
	}
}

// foldersOf lists the workspace folders of initialize's params: the
// folders, else rootUri, else rootPath.
func foldersOf(p *protocol.InitializeParams) []protocol.DocumentURI {
	var out []protocol.DocumentURI
	for _, f := range p.WorkspaceFolders {
		out = append(out, protocol.DocumentURI(f.URI))
	}
	// A client without workspace folders names its root the old way: the
	// deprecated RootURI, or the older RootPath, is the fallback.
	switch {
	case len(out) > 0:
	//lint:ignore SA1019 the deliberate fallback for clients without folders
	case p.RootURI != "":
		//lint:ignore SA1019 the deliberate fallback for clients without folders
		out = append(out, p.RootURI)
	//lint:ignore SA1019 the deliberate fallback for clients without folders
	case p.RootPath != "":
		//lint:ignore SA1019 the deliberate fallback for clients without folders
		out = append(out, uriOf(p.RootPath))
	}
	return out
}

// insideLocked reports whether a path, resolved, lies in a workspace
// folder. A client that named no folder (single-file mode) gets the
// project roots of the documents it opened as folders.
func (s *server) insideLocked(path string) bool {
	real, err := resolve(path)
	if err != nil {
		return false
	}
	roots := s.folders
	if len(roots) == 0 {
		roots = s.openRootsLocked()
	}
	for _, dir := range roots {
		if within(dir, real) {
			return true
		}
	}
	return false
}

// openRootsLocked are the resolved project roots of the open documents.
func (s *server) openRootsLocked() []string {
	var out []string
	for path := range s.docs {
		if real, err := resolve(s.projectLocked(path).root); err == nil {
			out = append(out, real)
		}
	}
	return out
}

// commandPath checks a command's document: a file:// URI of a .sol file
// in a workspace folder (symbolic links resolved). Anything else is
// InvalidParams: commands read and compile the document and its project.
func (s *server) commandPath(u protocol.DocumentURI) (string, error) {
	path, err := pathOf(u)
	if err != nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err)
	}
	if filepath.Ext(path) != ".sol" {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: not a Solidity file", filepath.Base(path))
	}
	s.mu.Lock()
	ok := s.insideLocked(path)
	s.mu.Unlock()
	if !ok {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", path, errOutside)
	}
	return path, nil
}

// grantTrust trusts the workspace: executables it names may run. The
// toolchain is remade (trust is part of its key) and open projects
// recompile.
func (s *server) grantTrust(context.Context, *struct{}) error {
	s.mu.Lock()
	if s.trusted {
		s.mu.Unlock()
		return nil
	}
	s.trusted = true
	ps := s.projectsWithOpenDocsLocked()
	s.mu.Unlock()
	s.log.Info("workspace trusted")
	for _, p := range ps {
		s.schedule(p, trigger{reason: "trust"})
	}
	return nil
}

// untrustedSolcPathLocked reports why the solcPath setting may not run in
// an untrusted workspace, or "": a relative path (resolved against the
// workspace) or one inside a workspace folder names the workspace's own
// executable, which only a trusted workspace may run.
func (s *server) untrustedSolcPathLocked(p string) string {
	if s.trusted || p == "" {
		return ""
	}
	if !filepath.IsAbs(p) {
		return fmt.Sprintf("solcPath %q is relative to the workspace", p)
	}
	real, err := resolve(p)
	if err != nil {
		real = p
	}
	for _, dir := range append(append([]string(nil), s.folders...), s.openRootsLocked()...) {
		if within(dir, real) {
			return fmt.Sprintf("solcPath %s lies in the workspace", p)
		}
	}
	return ""
}

// trustedProject returns the project's configuration as an untrusted
// workspace may use it: a compiler path pinned by foundry.toml (`solc =
// "./evil.sh"`) is dropped, with a message once, and the toolchain picks
// the user's compilers by the pragmas. A pinned version stays.
func (s *server) trustedProject(proj *solc.Project) *solc.Project {
	s.mu.Lock()
	trusted := s.trusted
	s.mu.Unlock()
	if trusted || proj.Solc == "" {
		return proj
	}
	if _, err := solc.ParseVersion(proj.Solc); err == nil {
		return proj
	}
	s.log.Warn("untrusted workspace: ignoring the project's compiler", zap.String("root", proj.Root), zap.String("solc", proj.Solc))
	s.notifyOnce(protocol.MessageTypeWarning, fmt.Sprintf(
		"foresight: the workspace is not trusted: ignoring solc = %q in %s and using your own compilers (trust the workspace to use it)",
		proj.Solc, filepath.Join(proj.Root, "foundry.toml")))
	cp := *proj
	cp.Solc = ""
	return &cp
}

// didChangeWorkspaceFolders updates the folders commands and writes are
// confined to; projects themselves are found per file (solc.FindRoot).
func (s *server) didChangeWorkspaceFolders(_ context.Context, params *protocol.DidChangeWorkspaceFoldersParams) error {
	removed := map[string]bool{}
	for _, f := range params.Event.Removed {
		if path, err := pathOf(protocol.DocumentURI(f.URI)); err == nil {
			if real, err := resolve(path); err == nil {
				removed[real] = true
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var uris []protocol.DocumentURI
	for _, dir := range s.folders {
		if !removed[dir] {
			uris = append(uris, uriOf(dir))
		}
	}
	for _, f := range params.Event.Added {
		uris = append(uris, protocol.DocumentURI(f.URI))
	}
	s.setFoldersLocked(uris)
	return nil
}
