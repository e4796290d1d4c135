package auth

import (
	"bytes"
	"testing"
	"time"
)

func TestSuccessorToken(t *testing.T) {
	k1, k2 := []byte("key-one-key-one-key-one-key-one!"), []byte("key-two-key-two-key-two-key-two!")
	raw := NewOpaqueToken()
	a, b := SuccessorToken(k1, raw), SuccessorToken(k1, raw)
	if a != b {
		t.Fatal("the same token and key gave two successors")
	}
	if len(a) != len(raw) || a == raw {
		t.Errorf("successor %q does not look like a fresh opaque token (old %q)", a, raw)
	}
	if SuccessorToken(k2, raw) == a {
		t.Error("another key gave the same successor")
	}
	if SuccessorToken(k1, NewOpaqueToken()) == a {
		t.Error("another token gave the same successor")
	}
}

func TestSubKey(t *testing.T) {
	iss, err := NewIssuer(testSecret, "salescoach", "salescoach-web", 15*time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := iss.SubKey("refresh-successor")
	if len(a) != 32 || bytes.Equal(a, testSecret) || bytes.Equal(a, iss.SubKey("other")) {
		t.Errorf("sub-key %x is not a separate key", a)
	}
	again, _ := NewIssuer(testSecret, "x", "y", 0, nil)
	if !bytes.Equal(a, again.SubKey("refresh-successor")) {
		t.Error("processes sharing the secret derive different keys")
	}
}
