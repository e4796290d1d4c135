package sqlstore

import "slices"

// MigrationSeeded exposes migrationSeeded to the external tests.
func MigrationSeeded() []string { return slices.Clone(migrationSeeded) }
