package httpapi_test

import (
	"fmt"
	"os"
	"testing"

	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) {
	sqlstoretest.Main(m)
	// After a complete, passing run: every documented operation answered
	// at least once, so every one had its answers checked (apicheck_test.go).
	if err := checkExercised(); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		os.Exit(1)
	}
}
