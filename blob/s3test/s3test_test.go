package s3test_test

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach/blob/s3test"
)

// AWS's examples ("Authenticating Requests: Using the Authorization Header",
// Amazon S3 API reference), with its example credentials.
const (
	exampleKeyID  = "AKIAIOSFODNN7EXAMPLE"
	exampleSecret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	emptyHash     = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
)

func exampleRequest(t *testing.T, raw string) *http.Request {
	t.Helper()
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n"))))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func auth(signedHeaders, sig string) string {
	return "Authorization: AWS4-HMAC-SHA256 Credential=" + exampleKeyID + "/20130524/us-east-1/s3/aws4_request,SignedHeaders=" +
		signedHeaders + ",Signature=" + sig + "\n"
}

func TestVerifyAcceptsAWSExamples(t *testing.T) {
	examples := map[string]string{
		"GET Object": "GET /test.txt HTTP/1.1\nHost: examplebucket.s3.amazonaws.com\n" +
			auth("host;range;x-amz-content-sha256;x-amz-date", "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41") +
			"Range: bytes=0-9\nx-amz-content-sha256: " + emptyHash + "\nx-amz-date: 20130524T000000Z\n\n",
		"PUT Object": "PUT /test%24file.text HTTP/1.1\nHost: examplebucket.s3.amazonaws.com\nDate: Fri, 24 May 2013 00:00:00 GMT\n" +
			auth("date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class", "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd") +
			"x-amz-date: 20130524T000000Z\nx-amz-storage-class: REDUCED_REDUNDANCY\n" +
			"x-amz-content-sha256: 44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072\nContent-Length: 21\n\nWelcome to Amazon S3.",
		"GET Bucket Lifecycle": "GET /?lifecycle HTTP/1.1\nHost: examplebucket.s3.amazonaws.com\n" +
			auth("host;x-amz-content-sha256;x-amz-date", "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543") +
			"x-amz-date: 20130524T000000Z\nx-amz-content-sha256: " + emptyHash + "\n\n",
		"GET Bucket (List Objects)": "GET /?max-keys=2&prefix=J HTTP/1.1\nHost: examplebucket.s3.amazonaws.com\n" +
			auth("host;x-amz-content-sha256;x-amz-date", "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") +
			"x-amz-date: 20130524T000000Z\nx-amz-content-sha256: " + emptyHash + "\n\n",
	}
	for name, raw := range examples {
		if code, msg := s3test.Verify(exampleRequest(t, raw), exampleKeyID, exampleSecret, "us-east-1", time.Time{}); code != "" {
			t.Errorf("%s: %s %s", name, code, msg)
		}
	}
}

func TestVerifyRefuses(t *testing.T) {
	get := "GET /test.txt HTTP/1.1\nHost: examplebucket.s3.amazonaws.com\n" +
		auth("host;range;x-amz-content-sha256;x-amz-date", "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41") +
		"Range: bytes=0-9\nx-amz-content-sha256: " + emptyHash + "\nx-amz-date: 20130524T000000Z\n\n"
	tests := []struct {
		name, raw, secret, region, code string
		now                             time.Time
	}{
		{"wrong secret", get, "other", "us-east-1", "SignatureDoesNotMatch", time.Time{}},
		{"other path", strings.Replace(get, "/test.txt", "/test2.txt", 1), exampleSecret, "us-east-1", "SignatureDoesNotMatch", time.Time{}},
		{"changed signed header", strings.Replace(get, "bytes=0-9", "bytes=0-10", 1), exampleSecret, "us-east-1", "SignatureDoesNotMatch", time.Time{}},
		{"other region", get, exampleSecret, "eu-west-1", "AuthorizationHeaderMalformed", time.Time{}},
		{"unsigned", "GET /test.txt HTTP/1.1\nHost: x\n\n", exampleSecret, "us-east-1", "AccessDenied", time.Time{}},
		{"old", get, exampleSecret, "us-east-1", "RequestTimeTooSkewed", time.Date(2013, 5, 24, 0, 16, 0, 0, time.UTC)},
		{"body not the signed one", "PUT /k HTTP/1.1\nHost: h\n" + auth("host;x-amz-content-sha256;x-amz-date", strings.Repeat("0", 64)) +
			"x-amz-date: 20130524T000000Z\nx-amz-content-sha256: " + emptyHash + "\nContent-Length: 3\n\nabc", exampleSecret, "us-east-1", "XAmzContentSHA256Mismatch", time.Time{}},
	}
	for _, tc := range tests {
		code, _ := s3test.Verify(exampleRequest(t, tc.raw), exampleKeyID, tc.secret, tc.region, tc.now)
		if code != tc.code {
			t.Errorf("%s: code %q, want %q", tc.name, code, tc.code)
		}
	}
}

// The server refuses an unsigned request before gofakes3 sees it.
func TestServerRefusesUnsigned(t *testing.T) {
	s := s3test.New(t, "avatars")
	req, _ := http.NewRequest(http.MethodPut, s.URL+"/avatars/a.png", strings.NewReader("x"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "<Code>AccessDenied</Code>") || s.Refused.Load() != 1 {
		t.Errorf("unsigned PUT = %d %s", res.StatusCode, body)
	}
	if _, _, ok := s.Object("avatars", "a.png"); ok {
		t.Error("unsigned PUT stored an object")
	}
}
