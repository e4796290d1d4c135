package blob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"salescoach"
)

var (
	_ salescoach.BlobStore  = (*Local)(nil)
	_ salescoach.BlobReader = (*Local)(nil)
)

// Local keeps blobs as files in one folder, which the app server serves at
// its own address (see URL). Every file operation goes through an os.Root,
// so no key, symlink or race can reach outside the folder, on top of the
// key check.
type Local struct {
	root    *os.Root
	baseURL string
}

// NewLocal opens (and creates, when missing) the folder dir. baseURL is the
// path the server serves it at, e.g. "/avatars". It returns an error when
// the folder cannot be created or opened.
func NewLocal(dir, baseURL string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blob: create %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("blob: open %s: %w", dir, err)
	}
	return &Local{root: root, baseURL: baseURL}, nil
}

// Close releases the folder.
func (l *Local) Close() error {
	return l.root.Close()
}

// uploadFailed is the EUNAVAILABLE error 'Upload fehlgeschlagen: {reason}'.
func uploadFailed(reason salescoach.Msg, cause error) error {
	e := salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgUploadFailed.With("reason", reason))
	if cause == nil {
		return e
	}
	return fmt.Errorf("%w: %w", e, cause)
}

// deleteFailed is the EUNAVAILABLE error 'Löschen fehlgeschlagen: {reason}'.
func deleteFailed(reason salescoach.Msg, cause error) error {
	e := salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDeleteFailed.With("reason", reason))
	if cause == nil {
		return e
	}
	return fmt.Errorf("%w: %w", e, cause)
}

// Put writes size bytes of r to a temporary file beside the target and
// renames it into place, so that a reader sees the old file or the new one,
// never a part. The content type is not stored: Open derives it from the
// extension, which the server chooses from the file's bytes. It returns
// EINVALID for a bad key and EUNAVAILABLE ('Upload fehlgeschlagen: …') when
// the file cannot be written or r yields other than size bytes.
func (l *Local) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if size < 0 {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgFileSizeUnknown)
	}
	if dir := path.Dir(key); dir != "." {
		if err := l.root.MkdirAll(dir, 0o750); err != nil {
			return uploadFailed(salescoach.MsgStorageSaveFailed, err)
		}
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := path.Join(path.Dir(key), "."+path.Base(key)+"."+hex.EncodeToString(rnd[:])+".tmp")
	f, err := l.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return uploadFailed(salescoach.MsgStorageSaveFailed, err)
	}
	done := false
	defer func() {
		if !done {
			f.Close()
			_ = l.root.Remove(tmp)
		}
	}()
	n, err := io.Copy(f, io.LimitReader(r, size+1))
	if err != nil {
		return uploadFailed(salescoach.MsgStorageSaveFailed, err)
	}
	if n != size {
		return uploadFailed(salescoach.MsgStorageIncomplete, fmt.Errorf("blob: got %d bytes, want %d", n, size))
	}
	// Sync before the rename: after a crash the name must not point at a
	// file whose data never reached the disk.
	if err := f.Sync(); err != nil {
		return uploadFailed(salescoach.MsgStorageSaveFailed, err)
	}
	if err := f.Close(); err != nil {
		return uploadFailed(salescoach.MsgStorageSaveFailed, err)
	}
	if err := ctx.Err(); err != nil {
		_ = l.root.Remove(tmp)
		done = true
		return uploadFailed(salescoach.MsgStorageAborted, err)
	}
	if err := l.root.Rename(tmp, key); err != nil {
		_ = l.root.Remove(tmp)
		done = true
		return uploadFailed(salescoach.MsgStorageSaveFailed, err)
	}
	done = true
	return nil
}

// Delete removes the file of key; a missing file is no error. It returns
// EINVALID for a bad key and EUNAVAILABLE when the file cannot be removed.
func (l *Local) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := l.root.Remove(key); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return deleteFailed(salescoach.MsgStorageDeleteFail, err)
	}
	return nil
}

// RemoveFolder removes the folder dir (a user's folder, named after the
// user id) when it is empty, so that a deleted account leaves not even its
// id behind; a missing folder is no error. It returns EINVALID for a bad
// name and EUNAVAILABLE when the folder holds files or cannot be removed.
func (l *Local) RemoveFolder(_ context.Context, dir string) error {
	if err := checkKey(dir); err != nil {
		return err
	}
	if err := l.root.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return deleteFailed(salescoach.MsgStorageDeleteFail, err)
	}
	return nil
}

// URL returns the server path of key under the base URL.
func (l *Local) URL(key string) string {
	return l.baseURL + "/" + escapePath(key)
}

// Open opens the file of key. Its content type follows the extension
// (image/jpeg, image/png, image/gif; application/octet-stream otherwise).
// It returns ENOTFOUND for a missing file or a bad key, and the error for
// any other failure.
func (l *Local) Open(_ context.Context, key string) (*salescoach.BlobFile, error) {
	notFound := salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgFileNotFound)
	if checkKey(key) != nil {
		return nil, notFound
	}
	f, err := l.root.Open(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("blob: open: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("blob: stat: %w", err)
	}
	if st.IsDir() {
		f.Close()
		return nil, notFound
	}
	ct := salescoach.ImageContentType(strings.TrimPrefix(path.Ext(key), "."))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return &salescoach.BlobFile{ReadSeekCloser: f, ContentType: ct, ModTime: st.ModTime()}, nil
}
