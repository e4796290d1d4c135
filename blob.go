package salescoach

import (
	"bytes"
	"context"
	"io"
	"strings"
	"time"
)

// BlobStore keeps uploaded files (avatars) under keys such as
// "{userId}/{userId}.png". Keys are chosen by the server, never by a client.
type BlobStore interface {
	// Put stores size bytes of r under key with the content type, replacing
	// what was there; a reader never sees a half-written file. It returns
	// EINVALID for a key that is not a relative slash-separated path, and
	// EUNAVAILABLE (message 'Upload fehlgeschlagen: …') when the storage
	// refuses or cannot be reached.
	Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error
	// Delete removes key; a key that does not exist is no error. It returns
	// EINVALID for a malformed key and EUNAVAILABLE, whose message is the
	// reason alone (callers add what failed), when the storage refuses or
	// cannot be reached.
	Delete(ctx context.Context, key string) error
	// URL returns the address a browser loads key from: a path on this
	// server or an absolute URL of a public bucket.
	URL(key string) string
}

// BlobFile is an open stored file, for stores the server serves itself.
type BlobFile struct {
	io.ReadSeekCloser
	ContentType string
	ModTime     time.Time
}

// BlobReader is implemented by stores whose files the server serves itself
// (the local folder); a bucket serves its files on its own.
type BlobReader interface {
	// Open opens key for reading. It returns ENOTFOUND when there is no such
	// file or the key is malformed.
	Open(ctx context.Context, key string) (*BlobFile, error)
}

// MaxAvatarBytes is the largest avatar accepted (2 MB).
const MaxAvatarBytes = 2 << 20

// imageKinds are the accepted image formats: their leading bytes, the file
// extension the server gives them and their content type.
var imageKinds = []struct {
	magic            []byte
	ext, contentType string
}{
	{[]byte{0xFF, 0xD8, 0xFF}, "jpg", "image/jpeg"},
	{[]byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}, "png", "image/png"},
	{[]byte("GIF87a"), "gif", "image/gif"},
	{[]byte("GIF89a"), "gif", "image/gif"},
}

// SniffImage tells JPEG, PNG and GIF apart by their leading bytes only (what
// a file is called or claims to be does not count). It returns the file
// extension and content type, or ok false for anything else.
func SniffImage(b []byte) (ext, contentType string, ok bool) {
	for _, k := range imageKinds {
		if bytes.HasPrefix(b, k.magic) {
			return k.ext, k.contentType, true
		}
	}
	return "", "", false
}

// ImageContentType is the content type of an accepted image extension, ""
// for any other.
func ImageContentType(ext string) string {
	for _, k := range imageKinds {
		if k.ext == ext {
			return k.contentType
		}
	}
	return ""
}

// AllowedImageType reports whether a declared content type (parameters and
// case ignored) is image/jpeg, image/png or image/gif.
func AllowedImageType(declared string) bool {
	t, _, _ := strings.Cut(declared, ";")
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "image/jpeg", "image/png", "image/gif":
		return true
	}
	return false
}

// AvatarKey is the blob key of a user's avatar with the extension chosen
// from its bytes.
func AvatarKey(userID, ext string) string {
	return userID + "/" + userID + "." + ext
}
