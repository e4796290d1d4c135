// Package blob stores uploaded files (avatars) behind salescoach.BlobStore:
// Local keeps them in a folder that the app server serves itself, S3 in a
// bucket of any S3-compatible service (AWS S3, MinIO, Cloudflare R2,
// Backblaze B2, ...) that serves them publicly.
package blob

import (
	"strings"
	"unicode/utf8"

	"salescoach"
)

// maxKeyBytes is S3's limit on a key's length.
const maxKeyBytes = 1024

var errBadKey = salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadFileName)

// checkKey accepts relative, slash-separated keys of plain segments: no
// empty, "." or ".." segment, no leading slash, no backslash (a separator on
// Windows), no NUL or other control character. It returns EINVALID for any
// other key, so that no key can leave the store's folder or bucket prefix.
func checkKey(key string) error {
	if key == "" || len(key) > maxKeyBytes || !utf8.ValidString(key) || strings.ContainsRune(key, '\\') {
		return errBadKey
	}
	for _, r := range key {
		if r < 0x20 || r == 0x7f {
			return errBadKey
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return errBadKey
		}
	}
	return nil
}

// escapePath percent-encodes every byte of each segment of p except the
// unreserved characters A-Z a-z 0-9 - . _ ~ and keeps the slashes: the URI
// encoding Signature Version 4 prescribes, which is also safe in any URL.
func escapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '/' || unreserved(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		}
	}
	return b.String()
}

// escapeComponent is escapePath for a query name or value: slashes are
// encoded too.
func escapeComponent(s string) string {
	return strings.ReplaceAll(escapePath(s), "/", "%2F")
}

func unreserved(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
