module github.com/foresight-sol/foresight

go 1.26.8

require (
	github.com/ethereum/go-ethereum v1.17.10
	go.uber.org/zap v1.27.0
)

require (
	github.com/ProjectZKM/Ziren/crates/go-runtime/zkvm_runtime v0.0.0-20251001021608-1fe7b43fc4d6 // indirect
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.0.1 // indirect
	github.com/holiman/uint256 v1.3.2 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
)
