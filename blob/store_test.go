package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/blob"
	"salescoach/blob/s3test"
)

func wantError(t *testing.T, err error, code, message string) {
	t.Helper()
	var e *salescoach.Error
	if !errors.As(err, &e) || e.Code != code || (message != "" && e.Message() != message) {
		t.Fatalf("error = %v, want %s %q", err, code, message)
	}
}

func TestLocal(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(filepath.Join(dir, "avatars"), "/avatars")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	ctx := t.Context()
	png := []byte("\x89PNG\r\n\x1a\nrest")
	if err := l.Put(ctx, "u1/u1.png", "image/png", bytes.NewReader(png), int64(len(png))); err != nil {
		t.Fatal(err)
	}
	f, err := l.Open(ctx, "u1/u1.png")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(f)
	f.Close()
	if !bytes.Equal(got, png) || f.ContentType != "image/png" || f.ModTime.IsZero() {
		t.Errorf("opened %q as %s at %v", got, f.ContentType, f.ModTime)
	}
	// Replacing writes a new file and leaves no temporary one behind.
	if err := l.Put(ctx, "u1/u1.png", "image/png", strings.NewReader("\x89PNG\r\n\x1a\nnew"), 11); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "avatars", "u1"))
	if len(entries) != 1 || entries[0].Name() != "u1.png" {
		t.Errorf("folder holds %v", entries)
	}
	// A reader that ends early stores nothing.
	err = l.Put(ctx, "u1/u1.gif", "image/gif", strings.NewReader("GIF89a"), 100)
	wantError(t, err, salescoach.EUNAVAILABLE, "")
	if _, err := l.Open(ctx, "u1/u1.gif"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("short upload left a file: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "avatars", "u1")); len(entries) != 1 {
		t.Errorf("short upload left %v", entries)
	}

	if got := l.URL("u1/u1.png"); got != "/avatars/u1/u1.png" {
		t.Errorf("URL = %q", got)
	}
	if err := l.Delete(ctx, "u1/u1.png"); err != nil {
		t.Fatal(err)
	}
	if err := l.Delete(ctx, "u1/u1.png"); err != nil {
		t.Errorf("deleting a missing file: %v", err)
	}
	if _, err := l.Open(ctx, "u1/u1.png"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("Open after Delete: %v", err)
	}

	for _, key := range []string{"../outside.png", "/etc/passwd", `u1\..\x.png`, "u1/../../x.png", ""} {
		wantError(t, l.Put(ctx, key, "image/png", bytes.NewReader(png), int64(len(png))), salescoach.EINVALID, "")
		wantError(t, l.Delete(ctx, key), salescoach.EINVALID, "")
		if _, err := l.Open(ctx, key); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("Open(%q) = %v", key, err)
		}
	}
	if _, err := l.Open(ctx, "u1"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("Open(folder) = %v", err)
	}
	// A symlink planted inside the folder does not lead out of it.
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "avatars", "evil")); err != nil {
		t.Fatal(err)
	}
	if err := l.Put(ctx, "evil/x.png", "image/png", bytes.NewReader(png), int64(len(png))); err == nil {
		t.Error("Put through a symlink out of the folder succeeded")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote outside the folder: %v", entries)
	}
}

func newS3(t *testing.T, srv *s3test.Server, mod func(*blob.S3Config)) *blob.S3 {
	t.Helper()
	cfg := blob.S3Config{Endpoint: srv.URL, Region: s3test.Region, Bucket: "avatars",
		AccessKeyID: s3test.AccessKeyID, SecretAccessKey: s3test.SecretAccessKey}
	if mod != nil {
		mod(&cfg)
	}
	s, err := blob.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestS3(t *testing.T) {
	srv := s3test.New(t, "avatars")
	s := newS3(t, srv, nil)
	ctx := t.Context()
	jpg := []byte("\xff\xd8\xff\xe0 a jpeg")
	for _, key := range []string{"u1/u1.jpg", "odd keys/ä $(1)+x.jpg"} {
		if err := s.Put(ctx, key, "image/jpeg", bytes.NewReader(jpg), int64(len(jpg))); err != nil {
			t.Fatalf("Put(%q): %v", key, err)
		}
		data, ct, ok := srv.Object("avatars", key)
		if !ok || !bytes.Equal(data, jpg) || ct != "image/jpeg" {
			t.Errorf("stored %q as %q (%v)", data, ct, ok)
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatalf("Delete(%q): %v", key, err)
		}
		if _, _, ok := srv.Object("avatars", key); ok {
			t.Errorf("%q still stored after Delete", key)
		}
	}
	// Deleting what is not there succeeds, as on S3.
	if err := s.Delete(ctx, "u1/none.png"); err != nil {
		t.Errorf("Delete of a missing key: %v", err)
	}
	if srv.Refused.Load() != 0 {
		t.Errorf("%d requests refused for their signature", srv.Refused.Load())
	}

	if got := s.URL("u1/u1.jpg"); got != srv.URL+"/avatars/u1/u1.jpg" {
		t.Errorf("URL = %q", got)
	}
	cdn := newS3(t, srv, func(c *blob.S3Config) { c.PublicURL = "https://cdn.example.com/a/" })
	if got := cdn.URL("u1/u1.jpg"); got != "https://cdn.example.com/a/u1/u1.jpg" {
		t.Errorf("public URL = %q", got)
	}
	wantError(t, s.Put(ctx, "../x.png", "image/png", bytes.NewReader(jpg), int64(len(jpg))), salescoach.EINVALID, "")
}

func TestS3Errors(t *testing.T) {
	srv := s3test.New(t, "avatars")
	ctx := t.Context()
	png := []byte("\x89PNG\r\n\x1a\n")
	put := func(s *blob.S3) error {
		return s.Put(ctx, "u/u.png", "image/png", bytes.NewReader(png), int64(len(png)))
	}

	missing := newS3(t, srv, func(c *blob.S3Config) { c.Bucket = "nobucket" })
	wantError(t, put(missing), salescoach.EUNAVAILABLE, "Upload fehlgeschlagen: Avatar-Bucket nicht gefunden.")
	wantError(t, missing.Delete(ctx, "u/u.png"), salescoach.EUNAVAILABLE, "Löschen fehlgeschlagen: Avatar-Bucket nicht gefunden.")

	wrongKey := newS3(t, srv, func(c *blob.S3Config) { c.SecretAccessKey = "wrong" })
	wantError(t, put(wrongKey), salescoach.EUNAVAILABLE,
		"Upload fehlgeschlagen: The request signature we calculated does not match the signature you provided. Check your key and signing method.")

	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	gone := newS3(t, srv, func(c *blob.S3Config) { c.Endpoint = down.URL })
	wantError(t, put(gone), salescoach.EUNAVAILABLE, "Upload fehlgeschlagen: Speicher nicht erreichbar.")

	// Reading the body lets the server notice the client hanging up.
	stuck := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	t.Cleanup(func() { stuck.CloseClientConnections(); stuck.Close() })
	slow := newS3(t, srv, func(c *blob.S3Config) { c.Endpoint = stuck.URL; c.Timeout = 50 * time.Millisecond })
	wantError(t, put(slow), salescoach.EUNAVAILABLE, "Upload fehlgeschlagen: Speicher nicht erreichbar.")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := newS3(t, srv, nil).Put(cancelled, "u/u.png", "image/png", bytes.NewReader(png), int64(len(png))); err == nil {
		t.Error("Put with a cancelled context succeeded")
	}

	for name, cfg := range map[string]blob.S3Config{
		"no endpoint":     {Bucket: "b", AccessKeyID: "k", SecretAccessKey: "s"},
		"bad endpoint":    {Endpoint: "ftp://x", Bucket: "b", AccessKeyID: "k", SecretAccessKey: "s"},
		"no bucket":       {Endpoint: "http://x", AccessKeyID: "k", SecretAccessKey: "s"},
		"no credentials":  {Endpoint: "http://x", Bucket: "b"},
		"endpoint query":  {Endpoint: "http://x?a=b", Bucket: "b", AccessKeyID: "k", SecretAccessKey: "s"},
		"slash in bucket": {Endpoint: "http://x", Bucket: "a/b", AccessKeyID: "k", SecretAccessKey: "s"},
	} {
		if _, err := blob.NewS3(cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
