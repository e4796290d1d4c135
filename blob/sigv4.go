package blob

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Signature Version 4, as AWS documents it for S3 ("Authenticating Requests:
// Using the Authorization Header"): a canonical form of the request is
// hashed and signed with a key derived from the secret, the day, the region
// and the service.

const (
	sigAlgorithm  = "AWS4-HMAC-SHA256"
	amzDateFormat = "20060102T150405Z"
	// emptyPayloadHash is the SHA-256 of no bytes.
	emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
)

// signer signs requests for one set of credentials, region and service.
type signer struct {
	accessKeyID, secretAccessKey, region, service string
}

// sign sets X-Amz-Date, X-Amz-Content-Sha256 (payloadHash, the hex SHA-256
// of the body) and Authorization on req. Every header already on req is
// signed, and the host; the transport's own later headers (User-Agent,
// Content-Length, Accept-Encoding) are not. req.URL.RawPath must hold the
// path encoded as canonicalURI encodes it, so that what is sent is what was
// signed.
func (s signer) sign(req *http.Request, payloadHash string, t time.Time) {
	t = t.UTC()
	req.Header.Set("X-Amz-Date", t.Format(amzDateFormat))
	req.Header.Set("X-Amz-Content-Sha256", payloadHash)
	canonical, signed := canonicalRequest(req, payloadHash)
	scope := t.Format("20060102") + "/" + s.region + "/" + s.service + "/aws4_request"
	toSign := sigAlgorithm + "\n" + t.Format(amzDateFormat) + "\n" + scope + "\n" + hexSHA256([]byte(canonical))
	key := hmacSHA256([]byte("AWS4"+s.secretAccessKey), t.Format("20060102"))
	for _, part := range []string{s.region, s.service, "aws4_request"} {
		key = hmacSHA256(key, part)
	}
	sig := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", sigAlgorithm+" Credential="+s.accessKeyID+"/"+scope+
		", SignedHeaders="+signed+", Signature="+sig)
}

// canonicalRequest returns the canonical request of req and the names of
// its signed headers.
func canonicalRequest(req *http.Request, payloadHash string) (canonical, signedHeaders string) {
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	values := map[string]string{"host": host}
	for name, vs := range req.Header {
		n := strings.ToLower(name)
		if n == "authorization" || n == "user-agent" {
			continue
		}
		trimmed := make([]string, len(vs))
		for i, v := range vs {
			trimmed[i] = strings.Join(strings.Fields(v), " ")
		}
		values[n] = strings.Join(trimmed, ",")
	}
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	var headers strings.Builder
	for _, n := range names {
		headers.WriteString(n + ":" + values[n] + "\n")
	}
	signedHeaders = strings.Join(names, ";")
	canonical = strings.Join([]string{req.Method, canonicalURI(req.URL), canonicalQuery(req.URL),
		headers.String(), signedHeaders, payloadHash}, "\n")
	return canonical, signedHeaders
}

// canonicalURI encodes each segment of the path once; S3 does not
// normalise paths, so "." and ".." segments would be signed as they are
// (checkKey keeps them out).
func canonicalURI(u *url.URL) string {
	if u.Path == "" {
		return "/"
	}
	return escapePath(u.Path)
}

// canonicalQuery sorts the parameters by name, then value, each encoded;
// a parameter without a value becomes "name=".
func canonicalQuery(u *url.URL) string {
	type pair struct{ name, value string }
	var pairs []pair
	for name, vs := range u.Query() {
		for _, v := range vs {
			pairs = append(pairs, pair{escapeComponent(name), escapeComponent(v)})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.value, b.value)
	})
	out := make([]string, len(pairs))
	for i, p := range pairs {
		out[i] = p.name + "=" + p.value
	}
	return strings.Join(out, "&")
}

func hexSHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}
