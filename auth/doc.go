// Package auth holds the authentication primitives of Sales Coach: password
// hashing and validation, opaque tokens for refresh and mail links, signed
// access tokens, and an OpenID Connect client for Google and Apple sign-in.
//
// It does no storage and no HTTP routing: httpapi combines these primitives
// with the stores of sqlstore. Every error it returns is a *salescoach.Error.
package auth
