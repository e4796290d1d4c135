package httpapi_test

import (
	"testing"

	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }
