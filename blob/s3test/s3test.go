// Package s3test runs a local S3-compatible server for tests: gofakes3 (a
// real implementation of the S3 REST API) on its memory backend, behind a
// handler that checks every request's Signature Version 4 the way S3 does
// and refuses unsigned or mis-signed requests with S3's own error codes.
//
// The checker is written from AWS's published description of the algorithm,
// independently of package blob's signer, and is tested against AWS's
// published examples; a client passes only when both agree.
package s3test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Credentials and region the server accepts.
const (
	AccessKeyID     = "AKIDTESTSALESCOACH"
	SecretAccessKey = "test/secret/key+for+the+fake+s3"
	Region          = "eu-central-1"
)

// Server is a running fake S3.
type Server struct {
	*httptest.Server
	backend *s3mem.Backend
	// Refused counts requests refused for their signature.
	Refused atomic.Int64
	// Accepted counts requests passed on to gofakes3.
	Accepted atomic.Int64
}

// New starts a server with the given buckets, stopped when the test ends.
func New(t testing.TB, buckets ...string) *Server {
	t.Helper()
	s := &Server{backend: s3mem.New()}
	for _, b := range buckets {
		if err := s.backend.CreateBucket(b); err != nil {
			t.Fatalf("s3test: create bucket %s: %v", b, err)
		}
	}
	fake := gofakes3.New(s.backend).Server()
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if code, msg := Verify(r, AccessKeyID, SecretAccessKey, Region, time.Now()); code != "" {
			s.Refused.Add(1)
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>%s</Code><Message>%s</Message></Error>`, code, msg)
			return
		}
		s.Accepted.Add(1)
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Object returns the stored bytes and content type of a key, ok false when
// there is none.
func (s *Server) Object(bucket, key string) (data []byte, contentType string, ok bool) {
	obj, err := s.backend.GetObject(bucket, key, nil)
	if err != nil {
		return nil, "", false
	}
	defer obj.Contents.Close()
	data, err = io.ReadAll(obj.Contents)
	if err != nil {
		return nil, "", false
	}
	return data, obj.Metadata["Content-Type"], true
}

// Verify checks the Signature Version 4 of r against the credentials and
// region. It returns "" when the request is signed correctly, and otherwise
// S3's error code (AccessDenied, InvalidAccessKeyId, AuthorizationHeaderMalformed,
// SignatureDoesNotMatch, XAmzContentSHA256Mismatch, RequestTimeTooSkewed)
// and message. It reads r's body to check the payload hash and puts it back.
// A zero now skips the clock check (for AWS's 2013 examples).
func Verify(r *http.Request, accessKeyID, secret, region string, now time.Time) (code, message string) {
	auth := r.Header.Get("Authorization")
	rest, ok := strings.CutPrefix(auth, "AWS4-HMAC-SHA256 ")
	if !ok {
		return "AccessDenied", "Access Denied"
	}
	fields := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		fields[k] = v
	}
	cred := strings.Split(fields["Credential"], "/")
	if len(cred) != 5 || fields["SignedHeaders"] == "" || len(fields["Signature"]) != 64 {
		return "AuthorizationHeaderMalformed", "The authorization header is malformed."
	}
	if cred[0] != accessKeyID {
		return "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."
	}
	amzDate := r.Header.Get("X-Amz-Date")
	t, err := time.Parse("20060102T150405Z", amzDate)
	if err != nil || cred[1] != amzDate[:8] || cred[2] != region || cred[3] != "s3" || cred[4] != "aws4_request" {
		return "AuthorizationHeaderMalformed", "The authorization header is malformed; the credential scope is wrong."
	}
	if !now.IsZero() && (now.Sub(t) > 15*time.Minute || t.Sub(now) > 15*time.Minute) {
		return "RequestTimeTooSkewed", "The difference between the request time and the current time is too large."
	}
	signed := strings.Split(fields["SignedHeaders"], ";")
	if !sort.StringsAreSorted(signed) || !contains(signed, "host") || !contains(signed, "x-amz-date") || !contains(signed, "x-amz-content-sha256") {
		return "AuthorizationHeaderMalformed", "The signed headers must be sorted and include host, x-amz-date and x-amz-content-sha256."
	}

	payloadHash := r.Header.Get("X-Amz-Content-Sha256")
	if payloadHash != "UNSIGNED-PAYLOAD" {
		var body []byte
		if r.Body != nil {
			body, _ = io.ReadAll(r.Body)
			r.Body.Close()
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(body)
		if hex.EncodeToString(sum[:]) != payloadHash {
			return "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed."
		}
	}

	// The canonical request, from what arrived on the wire.
	rawPath, rawQuery, _ := strings.Cut(r.RequestURI, "?")
	path, err := url.PathUnescape(rawPath)
	if err != nil {
		return "AuthorizationHeaderMalformed", "The path is not properly encoded."
	}
	var uri strings.Builder
	for i, seg := range strings.Split(path, "/") {
		if i > 0 {
			uri.WriteByte('/')
		}
		uri.WriteString(awsEncode(seg))
	}
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return "AuthorizationHeaderMalformed", "The query is not properly encoded."
	}
	var params []string
	for k, vs := range q {
		for _, v := range vs {
			params = append(params, awsEncode(k)+"\x00"+awsEncode(v))
		}
	}
	sort.Strings(params)
	for i, p := range params {
		params[i] = strings.Replace(p, "\x00", "=", 1)
	}
	var headers strings.Builder
	for _, h := range signed {
		var v string
		if h == "host" {
			v = r.Host
		} else {
			vals := r.Header.Values(h)
			for i := range vals {
				vals[i] = strings.Join(strings.Fields(vals[i]), " ")
			}
			v = strings.Join(vals, ",")
		}
		headers.WriteString(h + ":" + v + "\n")
	}
	canonical := r.Method + "\n" + uri.String() + "\n" + strings.Join(params, "&") + "\n" + headers.String() + "\n" +
		fields["SignedHeaders"] + "\n" + payloadHash
	creqHash := sha256.Sum256([]byte(canonical))
	scope := strings.Join(cred[1:], "/")
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex.EncodeToString(creqHash[:])
	key := []byte("AWS4" + secret)
	for _, part := range cred[1:] {
		key = mac(key, part)
	}
	want := hex.EncodeToString(mac(key, toSign))
	if !hmac.Equal([]byte(want), []byte(fields["Signature"])) {
		return "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided. Check your key and signing method."
	}
	return "", ""
}

func mac(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

// awsEncode is UriEncode() of the AWS description: every byte but
// A-Z a-z 0-9 - _ . ~ as %XY with upper-case hex.
func awsEncode(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Keys lists every object key of bucket, so that a test can look at all
// that is stored.
func (s *Server) Keys(bucket string) []string {
	res, err := s.backend.ListBucket(bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		return nil
	}
	keys := make([]string, 0, len(res.Contents))
	for _, c := range res.Contents {
		keys = append(keys, c.Key)
	}
	return keys
}
