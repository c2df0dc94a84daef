# Sourced by the scripts: a PATH that finds Go and node on a fresh machine.
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
export CGO_ENABLED=0
command -v go >/dev/null || { echo "scripts: go not found (install Go 1.26)" >&2; exit 2; }
command -v node >/dev/null || { echo "scripts: node not found (install Node.js 20 and npm)" >&2; exit 2; }

# apt_install WHY PKG...: installs Debian packages with apt-get, through
# sudo when not root. Without root, sudo or apt-get it says what to install
# by hand and fails.
apt_install() {
	local why=$1 sudo=
	shift
	local a pkgs=
	for a in "$@"; do
		case $a in -*) ;; *) pkgs+="${pkgs:+ }$a" ;; esac
	done
	if ! command -v apt-get >/dev/null; then
		echo "scripts: apt-get not found: install $pkgs yourself ($why)" >&2
		return 2
	fi
	if [ "$(id -u)" -ne 0 ]; then
		if ! command -v sudo >/dev/null; then
			echo "scripts: not root and no sudo: install $pkgs yourself ($why)" >&2
			return 2
		fi
		sudo=sudo
	fi
	echo "scripts: installing $pkgs with ${sudo:+sudo }apt-get ($why)" >&2
	$sudo apt-get update -qq
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
