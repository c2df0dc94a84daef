# Sourced by the scripts that run real forge (scripts/bench-forge,
# scripts/check-forge-export; scripts/check-fork and scripts/check-setups
# pin the same versions):
# forge_install installs Foundry's forge for linux-amd64 and the forge-std
# library from npm, pinned, into $FORESIGHT_CACHE_DIR or
# ~/.cache/foresight (never into the repository), once, and sets $forge
# (the binary) and $forge_std (forge-std's folder). forge needs a native
# solc, which cannot be downloaded here: forge_solc_shim DIR VERSION
# FORESIGHT writes a two-line wrapper that answers forge's calls through
# `foresight solc VERSION` (solc-js), for forge's --use, and prints its path.
forge_version=1.7.1     # @foundry-rs/forge-linux-amd64
forge_std_version=1.1.2 # forge-std: forge-std's src/, with Test is DSTest

# forge_install WHO: WHO names the calling script in messages.
forge_install() {
	local who=$1
	case "$(uname -s)-$(uname -m)" in
	Linux-x86_64) ;;
	*)
		echo "$who: forge from npm is installed for linux-amd64 only, not $(uname -s)-$(uname -m)" >&2
		return 2
		;;
	esac
	local cache=${FORESIGHT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/foresight}/forge/$forge_version-std$forge_std_version
	forge=$cache/node_modules/@foundry-rs/forge-linux-amd64/bin/forge
	forge_std=$cache/node_modules/forge-std
	if [ -x "$forge" ] && [ -f "$forge_std/Test.sol" ]; then
		return 0
	fi
	echo "$who: installing forge $forge_version and forge-std $forge_std_version from npm into $cache" >&2
	# Into a temporary folder beside it, then renamed: an interrupted
	# install leaves no half a cache.
	mkdir -p "${cache%/*}"
	local tmp
	tmp=$(mktemp -d "${cache%/*}/.tmp.XXXXXX")
	echo "{\"private\":true,\"description\":\"forge for scripts/$who\"}" >"$tmp/package.json"
	if ! npm install --prefix "$tmp" --no-audit --no-fund --loglevel=error \
		"@foundry-rs/forge-linux-amd64@$forge_version" "forge-std@$forge_std_version" >&2; then
		rm -rf "$tmp"
		echo "$who: npm could not install forge $forge_version" >&2
		return 1
	fi
	rm -rf "$cache"
	mv "$tmp" "$cache"
}

# forge_solc_shim DIR VERSION FORESIGHT: prints the path of DIR/solc-VERSION,
# a native-solc stand-in that execs FORESIGHT solc VERSION.
forge_solc_shim() {
	local shim=$1/solc-$2
	printf '#!/bin/sh\nexec %q solc %s "$@"\n' "$3" "$2" >"$shim"
	chmod +x "$shim"
	echo "$shim"
}
