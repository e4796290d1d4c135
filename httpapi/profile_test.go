package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"salescoach"
	"salescoach/blob"
	"salescoach/blob/s3test"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// signedIn signs up, confirms and signs in a user.
func signedIn(t *testing.T, e *env, addr string) *client {
	t.Helper()
	e.signUpConfirmed(addr, pw)
	c := e.client()
	c.signIn(addr, pw, false)
	return c
}

// drain returns the changes published to sub so far.
func drain(ch <-chan salescoach.Change) []string {
	var out []string
	for {
		select {
		case c := <-ch:
			out = append(out, c.Type+":"+c.Op)
		default:
			return out
		}
	}
}

func TestPatchMe(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := signedIn(t, e, "paula@example.com")
		me := c.do("GET", "/api/me", nil).must(t, 200).json(t)
		user := me["user"].(map[string]any)
		// A new user has chosen nothing: Standard formality, language and tone.
		if user["formality"] != "" || user["language"] != "" || user["tone_preset_id"] != nil || user["avatar_url"] != "" {
			t.Errorf("new user = %v", user)
		}
		sub := e.hub.Subscribe(user["id"].(string))
		defer sub.Close()

		// 20 000 four-byte runes: more than the 64 KiB of other JSON bodies.
		long := strings.Repeat("😀", 20_000)
		got := c.do("PATCH", "/api/me", map[string]any{
			"display_name": "  Paula Weber ", "role": "Key Account", "formality": "sie", "language": "en",
			"tone_preset_id": "skeptisch", "product_description": long, "has_seen_intro": true,
		}).must(t, 200).json(t)
		user = got["user"].(map[string]any)
		profile := got["profile"].(map[string]any)
		if user["display_name"] != "Paula Weber" || user["role"] != "Key Account" || user["formality"] != "sie" ||
			user["language"] != "en" || user["tone_preset_id"] != "skeptisch" {
			t.Errorf("user after PATCH = %v", user)
		}
		if profile["product_description"] != long || profile["has_seen_intro"] != true {
			t.Errorf("profile after PATCH: intro %v, description of %d bytes", profile["has_seen_intro"], len(fmt.Sprint(profile["product_description"])))
		}
		if _, ok := got["level"].(map[string]any); !ok {
			t.Errorf("PATCH answer lacks the level: %v", got)
		}
		if ch := drain(sub.C); strings.Join(ch, ",") != "user:update,profile:update" {
			t.Errorf("published %v", ch)
		}

		// Absent fields stay; "" and null choose Standard.
		got = c.do("PATCH", "/api/me", map[string]any{"formality": "", "tone_preset_id": nil}).must(t, 200).json(t)
		user = got["user"].(map[string]any)
		if user["formality"] != "" || user["tone_preset_id"] != nil || user["language"] != "en" || user["display_name"] != "Paula Weber" {
			t.Errorf("after partial PATCH = %v", user)
		}
		if ch := drain(sub.C); strings.Join(ch, ",") != "user:update" {
			t.Errorf("published %v", ch)
		}
		c.do("PATCH", "/api/me", map[string]any{"has_seen_intro": false}).must(t, 200)
		if ch := drain(sub.C); strings.Join(ch, ",") != "profile:update" {
			t.Errorf("published %v", ch)
		}
		me = c.do("GET", "/api/me", nil).must(t, 200).json(t)
		if me["profile"].(map[string]any)["has_seen_intro"] != false || me["user"].(map[string]any)["role"] != "Key Account" {
			t.Errorf("GET after PATCH = %v", me)
		}

		for _, tc := range []struct {
			name  string
			body  any
			field string
		}{
			{"long name", map[string]any{"display_name": strings.Repeat("ß", 81)}, "display_name"},
			{"long role", map[string]any{"role": strings.Repeat("r", 81)}, "role"},
			{"formality", map[string]any{"formality": "Sie"}, "formality"},
			{"language", map[string]any{"language": "fr"}, "language"},
			{"unknown tone", map[string]any{"tone_preset_id": "frech"}, "tone_preset_id"},
			{"long description", map[string]any{"product_description": strings.Repeat("x", 20_001)}, "product_description"},
			{"unknown field", map[string]any{"email": "x@example.com"}, ""},
			{"wrong type", map[string]any{"has_seen_intro": "yes"}, ""},
			{"tone as number", map[string]any{"tone_preset_id": 3}, ""},
		} {
			r := c.do("PATCH", "/api/me", tc.body)
			if r.status != 400 {
				t.Errorf("%s: status %d: %s", tc.name, r.status, r.body)
				continue
			}
			if tc.field != "" {
				if fieldText(r.json(t), tc.field) == "" {
					t.Errorf("%s: answer %s names no %s", tc.name, r.body, tc.field)
				}
			}
		}
		// A refused update stored nothing.
		if u := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any); u["display_name"] != "Paula Weber" {
			t.Errorf("after refused updates: %v", u)
		}
		e.client().do("PATCH", "/api/me", map[string]any{"role": "x"}).must(t, 401)
	})
}

// Images made by the standard library's encoders, so the signatures are
// the real ones.
func testImage(t *testing.T, kind string) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black})
	img.Set(1, 1, color.Black)
	var b bytes.Buffer
	var err error
	switch kind {
	case "png":
		err = png.Encode(&b, img)
	case "jpg":
		err = jpeg.Encode(&b, img, nil)
	case "gif":
		err = gif.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload sends a multipart form with one part of the given field, file
// name and declared type.
func (c *client) upload(field, filename, contentType string, data []byte) response {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename))
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	part, _ := mw.CreatePart(h)
	_, _ = part.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequestWithContext(context.Background(), "PUT", c.e.srv.URL+"/api/me/avatar", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// avatarStore is one of the two stores the avatar tests run on: it sets up
// the server and tells what is stored under a key.
type avatarStore struct {
	name  string
	setup func(t *testing.T) (envOption, func(key string) ([]byte, string, bool), string)
}

var avatarStores = []avatarStore{
	{"local", func(t *testing.T) (envOption, func(string) ([]byte, string, bool), string) {
		dir := filepath.Join(t.TempDir(), "avatars")
		l, err := blob.NewLocal(dir, "/avatars")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		stored := func(key string) ([]byte, string, bool) {
			f, err := l.Open(t.Context(), key)
			if err != nil {
				return nil, "", false
			}
			defer f.Close()
			b, _ := io.ReadAll(f)
			return b, f.ContentType, true
		}
		return func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = l }, stored, "/avatars/"
	}},
	{"s3", func(t *testing.T) (envOption, func(string) ([]byte, string, bool), string) {
		srv := s3test.New(t, "avatars")
		s, err := blob.NewS3(blob.S3Config{Endpoint: srv.URL, Region: s3test.Region, Bucket: "avatars",
			AccessKeyID: s3test.AccessKeyID, SecretAccessKey: s3test.SecretAccessKey})
		if err != nil {
			t.Fatal(err)
		}
		stored := func(key string) ([]byte, string, bool) { return srv.Object("avatars", key) }
		return func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = s }, stored, srv.URL + "/avatars/"
	}},
}

func TestAvatarUpload(t *testing.T) {
	pngData := testImage(t, "png")
	oversize := append(append([]byte{}, pngData...), make([]byte, salescoach.MaxAvatarBytes+1-len(pngData))...)
	maxSize := oversize[:salescoach.MaxAvatarBytes]
	tests := []struct {
		name, field, filename, declared string
		data                            []byte
		status                          int
		ext, msg                        string
	}{
		{"png", "file", "me.png", "image/png", pngData, 200, "png", ""},
		{"jpeg", "file", "me.jpeg", "image/jpeg", testImage(t, "jpg"), 200, "jpg", ""},
		{"gif", "file", "me.gif", "image/gif", testImage(t, "gif"), 200, "gif", ""},
		{"png named .gif: the bytes decide", "file", "me.gif", "image/gif", pngData, 200, "png", ""},
		{"no declared type: the bytes decide", "file", "me", "", testImage(t, "gif"), 200, "gif", ""},
		{"exactly 2 MB", "file", "big.png", "image/png", maxSize, 200, "png", ""},
		{"file name with ../ is ignored", "file", "../../../etc/evil.png", "image/png", pngData, 200, "png", ""},
		{"svg", "file", "me.svg", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), 400, "", salescoach.MsgAvatarType.Text},
		{"octet-stream", "file", "me.png", "application/octet-stream", pngData, 400, "", salescoach.MsgAvatarType.Text},
		{"html declared as png", "file", "me.png", "image/png", []byte("<html><script>alert(1)</script></html>"), 400, "", salescoach.MsgAvatarInvalid.Text},
		{"2 097 153 bytes", "file", "big.png", "image/png", oversize, 413, "", salescoach.MsgAvatarTooLarge.Text},
		{"empty file", "file", "empty.png", "image/png", nil, 400, "", salescoach.MsgAvatarInvalid.Text},
		{"missing file field", "picture", "me.png", "image/png", pngData, 400, "", "Bitte wähle eine Bilddatei aus."},
	}
	for _, store := range avatarStores {
		t.Run(store.name, func(t *testing.T) {
			sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
				opt, stored, prefix := store.setup(t)
				e := newEnv(t, db, opt)
				c := signedIn(t, e, "ava@example.com")
				id := c.userID(t)
				for _, tc := range tests {
					r := c.upload(tc.field, tc.filename, tc.declared, tc.data)
					if r.status != tc.status {
						t.Errorf("%s: status %d, want %d: %s", tc.name, r.status, tc.status, r.body)
						continue
					}
					if tc.status != 200 {
						if m := r.json(t); m["error"] != tc.msg || fieldText(m, "file") != tc.msg {
							t.Errorf("%s: answer %v, want %q", tc.name, m, tc.msg)
						}
						continue
					}
					key := id + "/" + id + "." + tc.ext
					url, _ := r.json(t)["avatar_url"].(string)
					if !strings.HasPrefix(url, prefix+key+"?v=") {
						t.Errorf("%s: avatar_url %q, want %s%s?v=…", tc.name, url, prefix, key)
					}
					if data, ct, ok := stored(key); !ok || !bytes.Equal(data, tc.data) || ct != salescoach.ImageContentType(tc.ext) {
						t.Errorf("%s: stored %v as %q (%d bytes)", tc.name, ok, ct, len(data))
					}
					// Only the new file is left: another extension was deleted.
					for _, other := range []string{"png", "jpg", "gif"} {
						if _, _, ok := stored(id + "/" + id + "." + other); ok != (other == tc.ext) {
							t.Errorf("%s: %s stored = %v", tc.name, other, ok)
						}
					}
					if me := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any); me["avatar_url"] != url {
						t.Errorf("%s: GET /api/me avatar_url %v, want %q", tc.name, me["avatar_url"], url)
					}
				}

				// Not multipart at all, and no session.
				if r := c.do("PUT", "/api/me/avatar", map[string]any{"file": "x"}); r.status != 400 || r.json(t)["error"] != salescoach.MsgAvatarUnreadable.Text {
					t.Errorf("JSON body: %d %s", r.status, r.body)
				}
				e.client().upload("file", "me.png", "image/png", pngData).must(t, 401)

				// Removing deletes the file and clears the value; twice is fine.
				sub := e.hub.Subscribe(id)
				defer sub.Close()
				c.do("DELETE", "/api/me/avatar", nil).must(t, 204)
				if _, _, ok := stored(id + "/" + id + ".png"); ok {
					t.Error("file still stored after DELETE")
				}
				if me := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any); me["avatar_url"] != "" {
					t.Errorf("avatar_url after DELETE = %v", me["avatar_url"])
				}
				c.do("DELETE", "/api/me/avatar", nil).must(t, 204)
				c.upload("file", "a.png", "image/png", pngData).must(t, 200)
				if ch := drain(sub.C); strings.Join(ch, ",") != "user:update,user:update,user:update" {
					t.Errorf("published %v", ch)
				}
			})
		})
	}
}

// The local store's files are served with their image type, nosniff and a
// CSP that allows nothing; only names the server hands out are served.
func TestAvatarFileServed(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := signedIn(t, e, "serve@example.com")
		id := c.userID(t)
		gifData := testImage(t, "gif")
		url := c.upload("file", "x.png", "image/png", gifData).must(t, 200).json(t)["avatar_url"].(string)
		anon := e.client()
		r := anon.do("GET", url, nil).must(t, 200)
		h := r.header
		if !bytes.Equal(r.body, gifData) || h.Get("Content-Type") != "image/gif" || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.HasPrefix(h.Get("Content-Security-Policy"), "default-src 'none'") || !strings.Contains(h.Get("Cache-Control"), "max-age=3600") ||
			h.Get("Last-Modified") == "" {
			t.Errorf("served %d bytes with %v", len(r.body), h)
		}
		for _, p := range []string{
			"/avatars/" + id + "/other.gif",
			"/avatars/" + id + "/" + id + ".svg",
			"/avatars/" + id + "/" + id + ".png",
			"/avatars/not-a-uuid/not-a-uuid.gif",
			"/avatars/" + id + "/..%2F..%2Fsalescoach.db",
			"/avatars/" + id + "/.." + id + ".gif",
		} {
			if r := anon.do("GET", p, nil); r.status != 404 {
				t.Errorf("GET %s = %d", p, r.status)
			}
		}
	})
}

// failingDelete is a store whose deletes fail, as a bucket can.
type failingDelete struct{ salescoach.BlobStore }

func (failingDelete) Delete(context.Context, string) error {
	reason := salescoach.MsgStorageRefused.With("reason", "Zugriff verweigert.")
	return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDeleteFailed.With("reason", reason))
}

// Failing to delete the replaced avatar is logged, never fatal; failing to
// delete on removal keeps the avatar and says why.
func TestAvatarDeleteFailures(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	l, err := blob.NewLocal(t.TempDir(), "/avatars")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = failingDelete{l} })
	c := signedIn(t, e, "fail@example.com")
	c.upload("file", "a.png", "image/png", testImage(t, "png")).must(t, 200)
	c.upload("file", "a.jpg", "image/jpeg", testImage(t, "jpg")).must(t, 200)
	if !strings.Contains(e.log.String(), "Löschen des alten Avatars fehlgeschlagen: Zugriff verweigert.") {
		t.Error("the failed delete of the old avatar was not logged")
	}
	r := c.do("DELETE", "/api/me/avatar", nil)
	if r.status != 503 || r.json(t)["error"] != "Löschen fehlgeschlagen: Zugriff verweigert." {
		t.Errorf("DELETE = %d %s", r.status, r.body)
	}
	if me := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any); !strings.Contains(me["avatar_url"].(string), ".jpg?v=") {
		t.Errorf("avatar after a failed delete = %v", me["avatar_url"])
	}
}

// With a bucket, its errors reach the user, and the app's CSP lets images
// load from the bucket's origin.
func TestAvatarBucketErrors(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	srv := s3test.New(t) // no bucket at all
	s, err := blob.NewS3(blob.S3Config{Endpoint: srv.URL, Region: s3test.Region, Bucket: "avatars",
		AccessKeyID: s3test.AccessKeyID, SecretAccessKey: s3test.SecretAccessKey})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = s })
	c := signedIn(t, e, "bucket@example.com")
	r := c.upload("file", "a.png", "image/png", testImage(t, "png"))
	if r.status != 503 || r.json(t)["error"] != "Upload fehlgeschlagen: Avatar-Bucket nicht gefunden." {
		t.Errorf("upload without bucket = %d %s", r.status, r.body)
	}
	if me := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any); me["avatar_url"] != "" {
		t.Errorf("a failed upload set avatar_url %v", me["avatar_url"])
	}
	if csp := c.do("GET", "/healthz", nil).header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: "+srv.URL+";") {
		t.Errorf("CSP = %q", csp)
	}
	// The local store needs no other origin.
	if csp := newEnv(t, db).client().do("GET", "/healthz", nil).header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob:;") {
		t.Errorf("local CSP = %q", csp)
	}
}

// Nothing an upload names reaches outside the avatar folder.
func TestAvatarNamesStayInside(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	root := t.TempDir()
	l, err := blob.NewLocal(filepath.Join(root, "avatars"), "/avatars")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = l })
	c := signedIn(t, e, "names@example.com")
	id := c.userID(t)
	c.upload("file", "../../evil.png", "image/png", testImage(t, "png")).must(t, 200)
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, rel)
		}
		return nil
	})
	if want := filepath.Join("avatars", id, id+".png"); len(files) != 1 || files[0] != want {
		t.Errorf("files %v, want only %s", files, want)
	}
	if _, err := os.Stat(filepath.Join(root, "evil.png")); err == nil {
		t.Error("evil.png written")
	}
}

// String returns the log written so far.
func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
