# Sourced by the scripts: a PATH that finds Go and node on a fresh machine.
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
export CGO_ENABLED=0
command -v go >/dev/null || { echo "scripts: go not found (install Go 1.26)" >&2; exit 2; }
command -v node >/dev/null || { echo "scripts: node not found (install Node.js 20 and npm)" >&2; exit 2; }
