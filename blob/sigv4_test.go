package blob

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// AWS's examples ("Authenticating Requests: Using the Authorization Header",
// Amazon S3 API reference), signed with its example credentials.
var (
	exampleSigner = signer{accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		region: "us-east-1", service: "s3"}
	exampleTime = time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC)
)

func signatureOf(t *testing.T, r *http.Request) string {
	t.Helper()
	_, sig, ok := strings.Cut(r.Header.Get("Authorization"), "Signature=")
	if !ok {
		t.Fatalf("no signature in %q", r.Header.Get("Authorization"))
	}
	return sig
}

func TestSignMatchesAWSExamples(t *testing.T) {
	get, _ := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	get.Header.Set("Range", "bytes=0-9")
	exampleSigner.sign(get, emptyPayloadHash, exampleTime)
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
		"Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := get.Header.Get("Authorization"); got != want {
		t.Errorf("GET Object:\n got %s\nwant %s", got, want)
	}
	if get.Header.Get("X-Amz-Date") != "20130524T000000Z" || get.Header.Get("X-Amz-Content-Sha256") != emptyPayloadHash {
		t.Errorf("headers = %v", get.Header)
	}

	body := "Welcome to Amazon S3."
	put, _ := http.NewRequest("PUT", "https://examplebucket.s3.amazonaws.com/test$file.text", strings.NewReader(body))
	put.URL.RawPath = escapePath(put.URL.Path)
	put.Header.Set("Date", "Fri, 24 May 2013 00:00:00 GMT")
	put.Header.Set("X-Amz-Storage-Class", "REDUCED_REDUNDANCY")
	hash := hexSHA256([]byte(body))
	if hash != "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072" {
		t.Fatalf("payload hash %s", hash)
	}
	exampleSigner.sign(put, hash, exampleTime)
	if got := signatureOf(t, put); got != "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd" {
		t.Errorf("PUT Object signature %s", got)
	}
	// What goes on the wire is the path that was signed.
	if put.URL.RequestURI() != "/test%24file.text" {
		t.Errorf("request URI %s", put.URL.RequestURI())
	}

	for query, want := range map[string]string{
		"lifecycle":           "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
		"max-keys=2&prefix=J": "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
		"prefix=J&max-keys=2": "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
	} {
		r, _ := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/?"+query, nil)
		exampleSigner.sign(r, emptyPayloadHash, exampleTime)
		if got := signatureOf(t, r); got != want {
			t.Errorf("GET /?%s signature %s, want %s", query, got, want)
		}
	}
}

func TestEscapePath(t *testing.T) {
	for in, want := range map[string]string{
		"/avatars/a/a.png":     "/avatars/a/a.png",
		"/test$file.text":      "/test%24file.text",
		"/a b/ä+(1)~x_y-z.jpg": "/a%20b/%C3%A4%2B%281%29~x_y-z.jpg",
	} {
		if got := escapePath(in); got != want {
			t.Errorf("escapePath(%q) = %q, want %q", in, got, want)
		}
	}
	if got := escapeComponent("a/b=c"); got != "a%2Fb%3Dc" {
		t.Errorf("escapeComponent = %q", got)
	}
}

func TestCheckKey(t *testing.T) {
	for _, k := range []string{"u/u.png", "a", "a/b/c.gif", "ü/x.jpg", "a..b/c"} {
		if err := checkKey(k); err != nil {
			t.Errorf("checkKey(%q) = %v", k, err)
		}
	}
	for _, k := range []string{"", "/abs/x.png", "../x.png", "a/../b", "a/./b", "a//b", "a/", `a\b`, "..", ".", "a\x00b", "a\nb",
		string([]byte{0xff, 0xfe}), strings.Repeat("x", 1025)} {
		if err := checkKey(k); err == nil {
			t.Errorf("checkKey(%q) accepted", k)
		}
	}
}
