package sqlstore

import "testing"

func TestRebind(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"SELECT 1", "SELECT 1"},
		{"SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = $1 AND b = $2"},
		{"INSERT INTO t (a, b, c) VALUES (?,?,?)", "INSERT INTO t (a, b, c) VALUES ($1,$2,$3)"},
		{"SELECT '?' , ?", "SELECT '?' , $1"},
		{"SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"},
		{`SELECT "odd?name" FROM t WHERE x = ?`, `SELECT "odd?name" FROM t WHERE x = $1`},
		{"SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2"},
		{"SELECT ? /* what? */ , ?", "SELECT $1 /* what? */ , $2"},
		{"SELECT ? -- trailing?", "SELECT $1 -- trailing?"},
		{"SELECT 'unterminated ?", "SELECT 'unterminated ?"},
		{"SELECT /* unterminated ?", "SELECT /* unterminated ?"},
		{"SELECT 'Übung', ?", "SELECT 'Übung', $1"},
		{"SELECT ?-1", "SELECT $1-1"},
		{"SELECT a/?", "SELECT a/$1"},
		{"?,?,?,?,?,?,?,?,?,?,?", "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11"},
	}
	for _, tt := range tests {
		if got := rebind(tt.in); got != tt.want {
			t.Errorf("rebind(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
