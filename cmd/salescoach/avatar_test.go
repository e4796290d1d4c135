package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
	"testing"

	"salescoach/blob/s3test"
)

// signedInToken signs up, confirms and signs in addr on a running server.
func signedInToken(t *testing.T, base string, out *syncBuffer, addr string) string {
	t.Helper()
	c := &http.Client{}
	if st, _ := postJSON(t, c, base, "/api/auth/signup", "", map[string]any{"email": addr, "password": "sicher-genug", "termsAccepted": true}); st != 201 {
		t.Fatalf("signup = %d", st)
	}
	link := mailLink(t, out, addr)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("no confirmation link: %v", err)
	}
	if st, _ := postJSON(t, c, base, "/api/auth/confirm", "", map[string]any{"token": u.Query().Get("confirm")}); st != 200 {
		t.Fatalf("confirm = %d", st)
	}
	st, s := postJSON(t, c, base, "/api/auth/login", "", map[string]any{"email": addr, "password": "sicher-genug"})
	if st != 200 {
		t.Fatalf("login = %d", st)
	}
	return s["access_token"].(string)
}

func uploadAvatar(t *testing.T, base, token string, data []byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="me.png"`)
	h.Set("Content-Type", "image/png")
	part, _ := mw.CreatePart(h)
	part.Write(data)
	mw.Close()
	req, _ := http.NewRequest("PUT", base+"/api/me/avatar", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}

var tinyPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")

// The configured store is the one avatars go to: the data folder by
// default, served by the server, or a bucket with BLOB_STORE=s3.
func TestServeAvatars(t *testing.T) {
	t.Run("local", func(t *testing.T) {
		base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json"))
		token := signedInToken(t, base, out, "lokal@example.com")
		st, body := uploadAvatar(t, base, token, tinyPNG)
		if st != 200 || !strings.Contains(body, `"avatar_url":"/avatars/`) {
			t.Fatalf("upload = %d %s", st, body)
		}
		path := strings.Split(strings.Split(body, `"avatar_url":"`)[1], `"`)[0]
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Equal(got, tinyPNG) || res.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %q", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
	})
	t.Run("s3", func(t *testing.T) {
		srv := s3test.New(t, "team-avatars")
		base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
			"BLOB_STORE", "s3", "S3_ENDPOINT", srv.URL, "S3_REGION", s3test.Region, "S3_BUCKET", "team-avatars",
			"S3_ACCESS_KEY_ID", s3test.AccessKeyID, "S3_SECRET_ACCESS_KEY", s3test.SecretAccessKey,
			"S3_PUBLIC_URL", "https://cdn.example.com/avatars/"))
		token := signedInToken(t, base, out, "bucket@example.com")
		st, body := uploadAvatar(t, base, token, tinyPNG)
		if st != 200 || !strings.Contains(body, `"avatar_url":"https://cdn.example.com/avatars/`) {
			t.Fatalf("upload = %d %s", st, body)
		}
		key := strings.TrimPrefix(strings.Split(strings.Split(body, `"avatar_url":"`)[1], "?")[0], "https://cdn.example.com/avatars/")
		if data, ct, ok := srv.Object("team-avatars", key); !ok || !bytes.Equal(data, tinyPNG) || ct != "image/png" {
			t.Errorf("bucket holds %v %q for %s", ok, ct, key)
		}
		// The app may show pictures from the CDN, and the secret never reaches the log.
		res, err := http.Get(base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "https://cdn.example.com") {
			t.Errorf("CSP = %q", csp)
		}
		if strings.Contains(out.String(), s3test.SecretAccessKey) {
			t.Error("the S3 secret was logged")
		}
	})
}
