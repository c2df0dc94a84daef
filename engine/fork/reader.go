package fork

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
)

// This file makes a Source a go-ethereum state.Reader. An account is
// fetched in one request of three batched calls (balance, nonce, code);
// a storage slot in one call, and none at all for an account without code
// (the project's own contracts, deployed on the fork, read their fresh
// storage without asking the node). The node is asked while the lock is
// held: reads from several workers queue instead of fetching the same
// thing twice, and the request count of a campaign does not depend on
// timing.

// Account returns the account at addr (nil if it does not exist).
func (s *Source) Account(addr common.Address) (*types.StateAccount, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	acc, err := s.account(addr)
	if err != nil {
		return nil, err
	}
	if acc.nonce == 0 && acc.balance.IsZero() && acc.codeHash == types.EmptyCodeHash {
		return nil, nil
	}
	return &types.StateAccount{Nonce: acc.nonce, Balance: acc.balance.Clone(), Root: types.EmptyRootHash, CodeHash: acc.codeHash.Bytes()}, nil
}

// Storage returns a storage slot of addr.
func (s *Source) Storage(addr common.Address, slot common.Hash) (common.Hash, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := slotKey{addr, slot}
	if v, ok := s.storage[k]; ok {
		return v, nil
	}
	acc, err := s.account(addr)
	if err != nil || acc.codeHash == types.EmptyCodeHash {
		return common.Hash{}, err
	}
	if s.err != nil {
		return common.Hash{}, s.err
	}
	res, err := s.c.batch(s.ctx, []Call{{Method: "eth_getStorageAt", Params: []any{addr, slot, blockTag(s.header.Number)}}})
	if err != nil {
		return common.Hash{}, s.fail(err)
	}
	v, err := word(res[0])
	if err != nil {
		return common.Hash{}, s.fail(&Error{Kind: ErrBadReply, URL: s.c.shown, Method: "eth_getStorageAt", Detail: err.Error()})
	}
	s.storage[k] = v
	s.fetched++
	return v, nil
}

// Code returns the code of addr whose hash is codeHash.
func (s *Source) Code(addr common.Address, codeHash common.Hash) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.code[codeHash]; ok {
		return c
	}
	if _, err := s.account(addr); err != nil {
		return nil
	}
	return s.code[codeHash]
}

// Has reports whether the code of addr with codeHash is known.
func (s *Source) Has(addr common.Address, codeHash common.Hash) bool {
	return len(s.Code(addr, codeHash)) > 0
}

// CodeSize returns the size of addr's code with codeHash.
func (s *Source) CodeSize(addr common.Address, codeHash common.Hash) int {
	return len(s.Code(addr, codeHash))
}

// account returns addr's account, fetching it if needed; s.mu is held.
func (s *Source) account(addr common.Address) (account, error) {
	if acc, ok := s.accounts[addr]; ok {
		return acc, nil
	}
	if s.err != nil {
		return account{}, s.err
	}
	tag := blockTag(s.header.Number)
	res, err := s.c.batch(s.ctx, []Call{
		{Method: "eth_getBalance", Params: []any{addr, tag}},
		{Method: "eth_getTransactionCount", Params: []any{addr, tag}},
		{Method: "eth_getCode", Params: []any{addr, tag}},
	})
	if err != nil {
		return account{}, s.fail(err)
	}
	bal, err := quantity(res[0])
	var nonce uint64
	var code []byte
	if err == nil {
		nonce, err = quantity64(res[1])
	}
	if err == nil {
		code, err = data(res[2])
	}
	if err != nil {
		return account{}, s.fail(&Error{Kind: ErrBadReply, URL: s.c.shown, Method: "eth_getBalance", Detail: err.Error()})
	}
	acc := account{balance: *bal, nonce: nonce, codeHash: types.EmptyCodeHash}
	if len(code) > 0 {
		acc.codeHash = crypto.Keccak256Hash(code)
		s.code[acc.codeHash] = code
	}
	s.accounts[addr] = acc
	s.fetched++
	return acc, nil
}
