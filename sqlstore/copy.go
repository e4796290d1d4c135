package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// migrationSeeded are the tables the migrations fill on a fresh database
// (the catalogue an admin may edit). A copy target may hold them; the copy
// replaces them with the source's rows. TestMigrationSeededTables keeps the
// list true.
var migrationSeeded = []string{"challenges", "tone_presets"}

// SQLiteOnlyTables hold what SQLite keeps for speed and PostgreSQL does
// not (migration 0041's running totals, derived from rows the copy brings
// along); a copy to PostgreSQL leaves them behind.
var SQLiteOnlyTables = []string{"skill_family_totals", "skill_technique_totals"}

// CopyOptions tune Copy.
type CopyOptions struct {
	// Batch is how many rows one INSERT carries (500 when zero; fewer when
	// a table has so many columns that PostgreSQL's 65535 parameters would
	// not do).
	Batch int
	// Progress, when set, is called after every batch with the table, the
	// rows copied of it so far and its total.
	Progress func(table string, done, total int64)
}

// CopiedTable is one table of a finished copy and its row count, the same
// in source and target.
type CopiedTable struct {
	Name string
	Rows int64
}

// Copy copies every row of the SQLite database src into the PostgreSQL
// database dst, which must be migrated to the same version and hold no data
// besides what the migrations seed. Tables go in foreign-key order, in
// batches, all in one transaction of dst, so that a failure leaves dst as it
// was; src is read in one transaction too, which holds SQLite's write lock,
// so it is a consistent snapshot (stop the servers on src first). After the
// rows, serial and identity sequences are moved past the copied ids and each
// table's row count is compared with the source's. It returns the tables in
// the order copied. Errors name the table (and column) concerned: a schema
// that differs between the two, a target that is not empty, a value that
// does not convert, or a count that does not match.
func Copy(ctx context.Context, src, dst *DB, opts CopyOptions) ([]CopiedTable, error) {
	if src.pg() || !dst.pg() {
		return nil, fmt.Errorf("sqlstore: copy goes from SQLite to PostgreSQL")
	}
	if opts.Batch <= 0 {
		opts.Batch = 500
	}
	stx, err := src.sql.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: begin source: %w", err)
	}
	defer stx.Rollback() // read only; nothing to keep
	dtx, err := dst.sql.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: begin target: %w", err)
	}
	defer dtx.Rollback() // a no-op after Commit

	if _, err := dtx.ExecContext(ctx, `SET LOCAL TimeZone TO 'UTC'`); err != nil {
		return nil, fmt.Errorf("sqlstore: copy: %w", err)
	}
	tables, err := copyPlan(ctx, stx, dtx)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		if slices.Contains(migrationSeeded, t.name) {
			continue
		}
		var rows bool
		if err := dtx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+quoteIdent(t.name)+`)`).Scan(&rows); err != nil {
			return nil, fmt.Errorf("sqlstore: copy: check %s: %w", t.name, err)
		}
		if rows {
			return nil, fmt.Errorf("sqlstore: copy: the target is not empty (table %s has rows): copy only into a new database", t.name)
		}
	}
	// The seeded catalogue makes way for the source's (children first).
	for i := len(tables) - 1; i >= 0; i-- {
		if slices.Contains(migrationSeeded, tables[i].name) {
			if _, err := dtx.ExecContext(ctx, `DELETE FROM `+quoteIdent(tables[i].name)); err != nil {
				return nil, fmt.Errorf("sqlstore: copy: clear %s: %w", tables[i].name, err)
			}
		}
	}

	// The rows arrive as the source holds them, derived ones too (the team
	// day tables of migration 0037, the running totals of 0040): the
	// target's triggers, which derive those from the copied day rows and
	// memberships, would count them a second time. They are off for the
	// copy, in its transaction (ALTER TABLE needs only the tables' owner,
	// not a superuser as session_replication_role would).
	setTriggers := func(state string) error {
		for _, t := range tables {
			if _, err := dtx.ExecContext(ctx, `ALTER TABLE `+quoteIdent(t.name)+` `+state+` TRIGGER USER`); err != nil {
				return fmt.Errorf("sqlstore: copy: %s triggers of %s: %w", strings.ToLower(state), t.name, err)
			}
		}
		return nil
	}
	if err := setTriggers("DISABLE"); err != nil {
		return nil, err
	}
	out := make([]CopiedTable, 0, len(tables))
	for _, t := range tables {
		n, err := copyTable(ctx, stx, dtx, t, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, CopiedTable{Name: t.name, Rows: n})
	}
	if err := setTriggers("ENABLE"); err != nil {
		return nil, err
	}
	if err := fixSequences(ctx, dtx); err != nil {
		return nil, err
	}
	for _, t := range out {
		var n int64
		if err := dtx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quoteIdent(t.Name)).Scan(&n); err != nil {
			return nil, fmt.Errorf("sqlstore: copy: count %s: %w", t.Name, err)
		}
		if n != t.Rows {
			return nil, fmt.Errorf("sqlstore: copy: table %s has %d rows in the target, %d in the source", t.Name, n, t.Rows)
		}
	}
	if err := dtx.Commit(); err != nil {
		return nil, fmt.Errorf("sqlstore: copy: commit: %w", err)
	}
	return out, nil
}

// tablesQuery lists a database's tables (schema_migrations among them),
// by dialect.
var tablesQuery = map[string]string{
	DialectSQLite:   `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`,
	DialectPostgres: `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
}

// Tables returns the names of the database's tables in name order,
// schema_migrations among them, for operations and tests that must cover
// every table. It returns the driver's error, if any.
func (db *DB) Tables(ctx context.Context) ([]string, error) {
	return stringColumn(ctx, db.sql, tablesQuery[db.dialect])
}

// copyTableInfo is a table to copy: its columns as the target has them and
// their PostgreSQL types.
type copyTableInfo struct {
	name  string
	cols  []string
	types []string
}

// copyPlan lists the tables both databases have, in an order where every
// table comes after those its foreign keys point to. It fails when the two
// schemas differ in tables, columns or applied migrations.
func copyPlan(ctx context.Context, stx, dtx *sql.Tx) ([]copyTableInfo, error) {
	srcTables, err := stringColumn(ctx, stx, tablesQuery[DialectSQLite])
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: source tables: %w", err)
	}
	srcTables = slices.DeleteFunc(srcTables, func(name string) bool { return slices.Contains(SQLiteOnlyTables, name) })
	dstTables, err := stringColumn(ctx, dtx, tablesQuery[DialectPostgres])
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: target tables: %w", err)
	}
	if d := setDifference(srcTables, dstTables); d != "" {
		return nil, fmt.Errorf("sqlstore: copy: the schemas differ: %s", d)
	}
	// Both were migrated by this binary; a difference means one has
	// migrations this binary does not know.
	srcVersions, err := stringColumn(ctx, stx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: source migrations: %w", err)
	}
	dstVersions, err := stringColumn(ctx, dtx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: target migrations: %w", err)
	}
	if d := setDifference(srcVersions, dstVersions); d != "" {
		return nil, fmt.Errorf("sqlstore: copy: the migrations differ (%s): run both with the same salescoach version", d)
	}

	infos := map[string]copyTableInfo{}
	for _, name := range dstTables {
		if name == "schema_migrations" {
			continue
		}
		t := copyTableInfo{name: name}
		rows, err := dtx.QueryContext(ctx, `SELECT column_name, data_type FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`, name)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: copy: columns of %s: %w", name, err)
		}
		for rows.Next() {
			var c, typ string
			if err := rows.Scan(&c, &typ); err != nil {
				rows.Close()
				return nil, err
			}
			t.cols, t.types = append(t.cols, c), append(t.types, typ)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		srcCols, err := stringColumn(ctx, stx, `SELECT name FROM pragma_table_info(?)`, name)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: copy: source columns of %s: %w", name, err)
		}
		if d := setDifference(srcCols, t.cols); d != "" {
			return nil, fmt.Errorf("sqlstore: copy: table %s differs: %s", name, d)
		}
		infos[name] = t
	}

	// Foreign keys as the target declares them: child -> parents.
	rows, err := dtx.QueryContext(ctx, `SELECT child.relname, parent.relname
		FROM pg_constraint c
		JOIN pg_class child ON child.oid = c.conrelid
		JOIN pg_class parent ON parent.oid = c.confrelid
		JOIN pg_namespace n ON n.oid = child.relnamespace
		WHERE c.contype = 'f' AND n.nspname = current_schema()`)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: copy: foreign keys: %w", err)
	}
	parents := map[string][]string{}
	for rows.Next() {
		var child, parent string
		if err := rows.Scan(&child, &parent); err != nil {
			rows.Close()
			return nil, err
		}
		if child != parent {
			parents[child] = append(parents[child], parent)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(infos))
	for n := range infos {
		names = append(names, n)
	}
	slices.Sort(names)
	var order []copyTableInfo
	done := map[string]bool{}
	for len(order) < len(names) {
		progress := false
		for _, n := range names {
			if done[n] {
				continue
			}
			ready := true
			for _, p := range parents[n] {
				ready = ready && done[p]
			}
			if ready {
				done[n], progress = true, true
				order = append(order, infos[n])
			}
		}
		if !progress {
			return nil, fmt.Errorf("sqlstore: copy: the foreign keys form a cycle")
		}
	}
	return order, nil
}

// copyTable copies one table's rows in batches and returns how many.
func copyTable(ctx context.Context, stx, dtx *sql.Tx, t copyTableInfo, opts CopyOptions) (int64, error) {
	var total int64
	if err := stx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quoteIdent(t.name)).Scan(&total); err != nil {
		return 0, fmt.Errorf("sqlstore: copy: count %s: %w", t.name, err)
	}
	quoted := make([]string, len(t.cols))
	for i, c := range t.cols {
		quoted[i] = quoteIdent(c)
	}
	colList := strings.Join(quoted, ", ")
	rows, err := stx.QueryContext(ctx, `SELECT `+colList+` FROM `+quoteIdent(t.name))
	if err != nil {
		return 0, fmt.Errorf("sqlstore: copy: read %s: %w", t.name, err)
	}
	defer rows.Close()

	batch := min(opts.Batch, 65535/len(t.cols))
	args := make([]any, 0, batch*len(t.cols))
	var n, inBatch int64
	flush := func() error {
		if inBatch == 0 {
			return nil
		}
		var b strings.Builder
		b.WriteString(`INSERT INTO ` + quoteIdent(t.name) + ` (` + colList + `) VALUES `)
		p := 1
		for r := int64(0); r < inBatch; r++ {
			if r > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			for c := range t.cols {
				if c > 0 {
					b.WriteString(", ")
				}
				b.WriteString("$" + strconv.Itoa(p))
				p++
			}
			b.WriteByte(')')
		}
		if _, err := dtx.ExecContext(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("sqlstore: copy: write %s: %w", t.name, err)
		}
		n += inBatch
		inBatch, args = 0, args[:0]
		if opts.Progress != nil {
			opts.Progress(t.name, n, total)
		}
		return nil
	}
	vals := make([]any, len(t.cols))
	ptrs := make([]any, len(t.cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return 0, fmt.Errorf("sqlstore: copy: read %s: %w", t.name, err)
		}
		for i, v := range vals {
			cv, err := copyValue(v, t.types[i])
			if err != nil {
				return 0, fmt.Errorf("sqlstore: copy: %s.%s: %w", t.name, t.cols[i], err)
			}
			args = append(args, cv)
		}
		inBatch++
		if inBatch == int64(batch) {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("sqlstore: copy: read %s: %w", t.name, err)
	}
	if err := flush(); err != nil {
		return 0, err
	}
	if n == 0 && opts.Progress != nil {
		opts.Progress(t.name, 0, total)
	}
	return n, nil
}

// sqliteTimeLayouts are the ways a time may be stored as text in SQLite:
// the driver's own layout (_time_format=sqlite) and RFC 3339.
var sqliteTimeLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999", time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02"}

// copyValue turns a value read from SQLite into one for a PostgreSQL column
// of the given information_schema data_type. SQLite keeps booleans as
// integers and, in columns not declared as times, times as text.
func copyValue(v any, pgType string) (any, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok && pgType != "bytea" {
		v = string(b)
	}
	switch pgType {
	case "boolean":
		switch x := v.(type) {
		case bool:
			return x, nil
		case int64:
			return x != 0, nil
		case string:
			return strconv.ParseBool(x)
		}
	case "timestamp with time zone", "timestamp without time zone":
		switch x := v.(type) {
		case time.Time:
			return x.UTC(), nil
		case string:
			for _, l := range sqliteTimeLayouts {
				if t, err := time.Parse(l, x); err == nil {
					return t.UTC(), nil
				}
			}
			return nil, fmt.Errorf("%q is not a time", x)
		}
	case "date":
		switch x := v.(type) {
		case time.Time:
			return x.UTC().Format(time.DateOnly), nil
		case string:
			return x, nil
		}
	case "smallint", "integer", "bigint":
		switch x := v.(type) {
		case int64:
			return x, nil
		case string:
			return strconv.ParseInt(x, 10, 64)
		}
	case "double precision", "real", "numeric":
		switch x := v.(type) {
		case float64, int64:
			return x, nil
		case string:
			return strconv.ParseFloat(x, 64)
		}
	case "text", "character varying", "character", "json", "jsonb", "uuid":
		switch x := v.(type) {
		case string:
			return x, nil
		case int64, float64, bool:
			return fmt.Sprint(x), nil
		case time.Time:
			return x.UTC().Format(time.RFC3339Nano), nil
		}
	case "bytea":
		switch x := v.(type) {
		case []byte:
			return x, nil
		case string:
			return []byte(x), nil
		}
	default:
		return nil, fmt.Errorf("the column type %s is not supported by the copy", pgType)
	}
	return nil, fmt.Errorf("a %T does not fit a %s column", v, pgType)
}

// fixSequences moves every serial or identity sequence of the target past
// the largest id copied, so that the next insert does not collide.
func fixSequences(ctx context.Context, dtx *sql.Tx) error {
	rows, err := dtx.QueryContext(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`)
	if err != nil {
		return fmt.Errorf("sqlstore: copy: sequences: %w", err)
	}
	type col struct{ table, name string }
	var cols []col
	for rows.Next() {
		var c col
		if err := rows.Scan(&c.table, &c.name); err != nil {
			rows.Close()
			return err
		}
		cols = append(cols, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range cols {
		// setval(seq, max, true) makes the next value max+1; an empty
		// table starts again at 1.
		q := `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(` + quoteIdent(c.name) + `), 1), MAX(` + quoteIdent(c.name) + `) IS NOT NULL) FROM ` + quoteIdent(c.table)
		if _, err := dtx.ExecContext(ctx, q, quoteIdent(c.table), c.name); err != nil {
			return fmt.Errorf("sqlstore: copy: sequence of %s.%s: %w", c.table, c.name, err)
		}
	}
	return nil
}

// quoteIdent quotes a table or column name for both databases.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// stringColumn runs a query of one text column and returns its values.
func stringColumn(ctx context.Context, db queryer, q string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// setDifference describes what only the source or only the target has, or
// returns "" when both hold the same names.
func setDifference(src, dst []string) string {
	var parts []string
	for _, s := range src {
		if !slices.Contains(dst, s) {
			parts = append(parts, s+" only in the source")
		}
	}
	for _, d := range dst {
		if !slices.Contains(src, d) {
			parts = append(parts, d+" only in the target")
		}
	}
	return strings.Join(parts, ", ")
}
