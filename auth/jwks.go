package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"

	"github.com/go-jose/go-jose/v4"
)

// keyFetchErrKey carries a *error into keySet.VerifySignature, so that a JWKS
// that cannot be fetched (an outage) is told apart from a bad signature (a
// rejected token): go-oidc's verifier flattens both into one message.
type keyFetchErrKey struct{}

// keySet is the provider's JWKS as go-oidc's verifier asks for it (the
// oidc.KeySet interface). It caches the keys and refetches them when a
// token names an unknown kid (the provider rotated its keys, OIDC Core
// 10.1.1); concurrent verifications share one fetch, and no lock is held
// across it. The refetch needs no throttle: ID tokens reach us only over the
// back channel from the token endpoint, so an attacker cannot make us
// refetch at will.
//
// It replaces go-oidc's RemoteKeySet, which releases a fetch's waiters
// before it stores the keys and forgets the fetch: a verification that
// started in that gap joined the finished fetch and was refused although the
// provider published its key (seen as a flaky key-rotation test, 2026-11-27).
// Here the keys are stored and the fetch forgotten under one lock before any
// waiter is released, and a verification that joined a fetch already under
// way, which may have left before the key was published, fetches once more.
type keySet struct {
	url    string
	client *http.Client // bounds every fetch in time and size

	mu    sync.Mutex
	keys  []jose.JSONWebKey
	fetch *keyFetch // the fetch under way, nil when none
}

type keyFetch struct {
	done chan struct{}
	keys []jose.JSONWebKey
	err  error
}

// signingAlgs are the algorithms ID tokens may be signed with: the
// verifier's SupportedSigningAlgs (checked before it asks for the
// signature), the key set's parse, and the keys it keeps.
var signingAlgs = []jose.SignatureAlgorithm{jose.RS256, jose.ES256}

func (k *keySet) VerifySignature(ctx context.Context, raw string) ([]byte, error) {
	jws, err := jose.ParseSigned(raw, signingAlgs)
	if err != nil {
		return nil, fmt.Errorf("malformed jwt: %v", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, errors.New("jwt has more than one signature")
	}
	kid := jws.Signatures[0].Header.KeyID
	k.mu.Lock()
	cached := k.keys
	k.mu.Unlock()
	if payload, ok := verifyWith(jws, kid, cached); ok {
		return payload, nil
	}
	for range 2 {
		keys, joined, err := k.refresh(ctx)
		if err != nil {
			if slot, ok := ctx.Value(keyFetchErrKey{}).(*error); ok {
				*slot = err
			}
			return nil, fmt.Errorf("fetching keys: %w", err)
		}
		if payload, ok := verifyWith(jws, kid, keys); ok {
			return payload, nil
		}
		if !joined {
			break
		}
	}
	return nil, errors.New("failed to verify id token signature")
}

// verifyWith checks the signature with the key of the token's kid (any key
// when the token names none).
func verifyWith(jws *jose.JSONWebSignature, kid string, keys []jose.JSONWebKey) ([]byte, bool) {
	for i := range keys {
		if kid != "" && keys[i].KeyID != kid {
			continue
		}
		if payload, err := jws.Verify(&keys[i]); err == nil {
			return payload, true
		}
	}
	return nil, false
}

// refresh fetches the keys, or waits for the fetch under way (joined). The
// fetch runs on its own: a caller that gives up does not end it for the
// others; the client's timeout does.
func (k *keySet) refresh(ctx context.Context) (keys []jose.JSONWebKey, joined bool, err error) {
	k.mu.Lock()
	f := k.fetch
	joined = f != nil
	if f == nil {
		f = &keyFetch{done: make(chan struct{})}
		k.fetch = f
		go func() {
			keys, err := k.get()
			k.mu.Lock()
			if err == nil {
				k.keys = keys
			}
			k.fetch = nil
			k.mu.Unlock()
			f.keys, f.err = keys, err
			close(f.done)
		}()
	}
	k.mu.Unlock()
	select {
	case <-ctx.Done():
		return nil, joined, ctx.Err()
	case <-f.done:
		return f.keys, joined, f.err
	}
}

func (k *keySet) get() ([]jose.JSONWebKey, error) {
	req, err := http.NewRequest(http.MethodGet, k.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Cache-Control", "no-cache")
	resp, err := k.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("jwks: %s", resp.Status)
	}
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(body, &set); err != nil {
		return nil, fmt.Errorf("jwks: %v", err)
	}
	keys := make([]jose.JSONWebKey, 0, len(set.Keys))
	for _, raw := range set.Keys {
		var meta struct {
			Alg string `json:"alg"`
			Use string `json:"use"`
		}
		if err := json.Unmarshal(raw, &meta); err != nil {
			return nil, fmt.Errorf("jwks: %v", err)
		}
		// A key for another algorithm (ES256K, say) or for encryption is
		// skipped, not a reason to refuse the whole set (RFC 7517 4.2, 4.4).
		if (meta.Alg != "" && !slices.Contains(signingAlgs, jose.SignatureAlgorithm(meta.Alg))) || (meta.Use != "" && meta.Use != "sig") {
			continue
		}
		var key jose.JSONWebKey
		if err := key.UnmarshalJSON(raw); err != nil {
			return nil, fmt.Errorf("jwks: %v", err)
		}
		keys = append(keys, key)
	}
	return keys, nil
}
