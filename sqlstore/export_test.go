package sqlstore

// Rebind exposes rebind to the external tests, which write their fixtures
// with ? placeholders like the package does.
var Rebind = rebind
