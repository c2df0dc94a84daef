package chain

import "github.com/ethereum/go-ethereum/core/state"

// This file keeps state copies small in projects of many contracts.
// go-ethereum's StateDB.Copy deep-copies every account the state holds,
// and a state holds every account created on it or read from it since it
// was opened. A chain that deployed n contracts therefore copied n
// accounts per snapshot (a deployment search snapshots once per contract:
// n² in all) and per sequence of two or more transactions (own). Once
// enough accounts were created since, a snapshot commits the state to the
// chain's trie database and continues on a fresh state over the committed
// root, which reads accounts from the trie as transactions touch them: a
// copy then holds only what was created or touched since the commit.
// Committing changes nothing a transaction observes (the state is
// finalised before, and a fresh state's access list and transient storage
// are empty, as Prepare leaves them).

// commitEvery is how many accounts created since the last commit make a
// snapshot commit the state. Projects of a few contracts never commit,
// as before; a commit costs hashing what changed, about as much as a few
// copies of it.
const commitEvery = 16

// created counts an account created outside the journal's reach (a
// deployment, an installed account): one more for copies to copy.
func (c *Chain) created() { c.fresh++ }

// maybeCommit commits the owned state when enough accounts were created
// since it was last committed.
func (c *Chain) maybeCommit() {
	if c.fresh < commitEvery || c.commitErr != nil {
		return
	}
	root, err := c.state.Commit(c.rules, c.Block.Number)
	if err == nil {
		var st *state.StateDB
		st, err = state.New(root, c.state.Database())
		if err == nil {
			c.setState(st) // the same content: the memo stands
			c.fresh, c.committed = 0, true
			return
		}
	}
	// An in-memory database does not fail; if it ever does, the chain
	// goes on with the state it has (copies are then as large as before).
	c.commitErr = err
}

// refreshCommitted is refreshEvery for a snapshot taken once the chain
// committed: its state is shallow and reads accounts from the trie as
// they are touched, and go-ethereum keeps each account it read (unjournaled)
// in the working state, so over 256 resets a working state would gather
// the accounts of hundreds of sequences, each to be copied by the next
// sequence of two transactions. A refresh copies the shallow state and
// reads again only what is touched.
const refreshCommitted = 16
