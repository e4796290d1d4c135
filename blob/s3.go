package blob

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
)

var _ salescoach.BlobStore = (*S3)(nil)

// S3Config is where and how S3 stores blobs.
type S3Config struct {
	// Endpoint is the service's base URL, e.g. https://s3.eu-central-1.amazonaws.com
	// or http://localhost:9000 (MinIO). Objects are addressed path-style:
	// {Endpoint}/{Bucket}/{key}.
	Endpoint        string
	Region          string // us-east-1 when empty
	Bucket          string
	AccessKeyID     string
	SecretAccessKey string
	// PublicURL is the base URL browsers load objects from ({PublicURL}/{key});
	// {Endpoint}/{Bucket} when empty. The bucket (or a CDN in front of it)
	// must allow public reads of these objects.
	PublicURL string
	// Timeout bounds one request (30 s when zero).
	Timeout time.Duration
	// HTTPClient sends the requests; one with Timeout when nil.
	HTTPClient *http.Client
	// Logger receives the causes of failures, which users only see summed
	// up; slog.Default when nil.
	Logger *slog.Logger
	// Now is the signing clock (time.Now when nil).
	Now func() time.Time
}

// S3 stores blobs in a bucket of an S3-compatible service, speaking the S3
// REST API (PUT Object, DELETE Object) signed with Signature Version 4.
type S3 struct {
	base      *url.URL // Endpoint, parsed
	bucket    string
	publicURL string
	signer    signer
	client    *http.Client
	log       *slog.Logger
	now       func() time.Time
}

// NewS3 checks cfg and returns a store. It returns an error for a missing or
// malformed endpoint, bucket or credentials; it does not contact the service.
func NewS3(cfg S3Config) (*S3, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("blob: the S3 endpoint must be an http(s) URL without query")
	}
	if cfg.Bucket == "" || strings.ContainsAny(cfg.Bucket, "/\\") {
		return nil, errors.New("blob: the S3 bucket must be a bucket name")
	}
	if cfg.AccessKeyID == "" || cfg.SecretAccessKey == "" {
		return nil, errors.New("blob: S3 needs an access key id and a secret access key")
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: cfg.Timeout}
	}
	// A redirect would carry a signature made for another address; S3's
	// redirects (a bucket in another region) are reported instead.
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	public := strings.TrimRight(cfg.PublicURL, "/")
	if public == "" {
		public = u.String() + "/" + escapePath(cfg.Bucket)
	}
	s := &S3{base: u, bucket: cfg.Bucket, publicURL: public, client: &c, log: cfg.Logger, now: cfg.Now,
		signer: signer{accessKeyID: cfg.AccessKeyID, secretAccessKey: cfg.SecretAccessKey, region: cfg.Region, service: "s3"}}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// objectURL is the path-style address of key; RawPath holds the encoding
// the signature covers, so the request sends exactly that.
func (s *S3) objectURL(key string) *url.URL {
	u := *s.base
	u.Path = s.base.Path + "/" + s.bucket + "/" + key
	u.RawPath = escapePath(u.Path)
	return &u
}

// cacheControl is what browsers and CDNs are told about an avatar object;
// its address changes with every upload (?v=), so an hour is safe.
const cacheControl = "public, max-age=3600"

// Put uploads size bytes of r as key with the content type. It returns
// EINVALID for a bad key, and EUNAVAILABLE with 'Upload fehlgeschlagen:
// Avatar-Bucket nicht gefunden.' when the bucket does not exist and
// 'Upload fehlgeschlagen: {message}' for any other refusal (S3's message)
// or when the service cannot be reached.
func (s *S3) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if size < 0 {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgFileSizeUnknown)
	}
	// Avatars are small: reading them first lets the signature cover the
	// payload's hash, which plain-HTTP endpoints need.
	body, err := io.ReadAll(io.LimitReader(r, size+1))
	if err != nil {
		return uploadFailed(salescoach.MsgStorageUnreadable, err)
	}
	if int64(len(body)) != size {
		return uploadFailed(salescoach.MsgStorageIncomplete, fmt.Errorf("blob: got %d bytes, want %d", len(body), size))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.objectURL(key).String(), bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	req.ContentLength = size
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Cache-Control", cacheControl)
	if reason, err := s.do(req, hexSHA256(body)); err != nil {
		s.log.WarnContext(ctx, "avatar upload failed", "key", key, "err", err)
		return uploadFailed(reason, err)
	}
	return nil
}

// Delete removes key; S3 answers success for a key that does not exist. It
// returns EINVALID for a bad key and EUNAVAILABLE whose message is the
// reason ('Avatar-Bucket nicht gefunden.', S3's message, or that the
// service cannot be reached).
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, s.objectURL(key).String(), nil)
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	if reason, err := s.do(req, emptyPayloadHash); err != nil {
		s.log.WarnContext(ctx, "avatar delete failed", "key", key, "err", err)
		return deleteFailed(reason, err)
	}
	return nil
}

// Get streams the object of key; the caller closes it. It returns
// EINVALID for a bad key, ENOTFOUND when there is no such object and
// EUNAVAILABLE (message: the reason) when S3 refuses or cannot be reached.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.objectURL(key).String(), nil)
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	req.URL.RawPath = escapePath(req.URL.Path)
	s.signer.sign(req, emptyPayloadHash, s.now())
	res, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: blob: s3 GET: %w", salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgStorageUnreachable), err)
	}
	switch {
	case res.StatusCode == http.StatusNotFound:
		res.Body.Close()
		return nil, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgFileNotFound)
	case res.StatusCode < 200 || res.StatusCode > 299:
		res.Body.Close()
		return nil, fmt.Errorf("%w: blob: s3 GET: status %d", salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgStorageRefused.With("reason", http.StatusText(res.StatusCode))), res.StatusCode)
	}
	return res.Body, nil
}

// URL returns the public address of key.
func (s *S3) URL(key string) string {
	return s.publicURL + "/" + escapePath(key)
}

// s3Error is the XML error document S3 answers with.
type s3Error struct {
	Code    string `xml:"Code"`
	Message string `xml:"Message"`
}

// do signs and sends req. On failure it returns the reason a user may read
// and the error with the details for the log.
func (s *S3) do(req *http.Request, payloadHash string) (reason salescoach.Msg, err error) {
	req.URL.RawPath = escapePath(req.URL.Path)
	s.signer.sign(req, payloadHash, s.now())
	res, err := s.client.Do(req)
	if err != nil {
		return salescoach.MsgStorageUnreachable, fmt.Errorf("blob: s3 %s: %w", req.Method, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return salescoach.Msg{}, nil
	}
	var e s3Error
	_ = xml.Unmarshal(raw, &e)
	err = fmt.Errorf("blob: s3 %s: status %d, code %q, message %q", req.Method, res.StatusCode, e.Code, e.Message)
	switch {
	case e.Code == "NoSuchBucket":
		return salescoach.MsgStorageNoBucket, err
	case e.Message != "":
		return salescoach.MsgStorageRefused.With("reason", truncateRunes(e.Message, 200)), err
	case e.Code != "":
		return salescoach.MsgStorageRefused.With("reason", e.Code), err
	}
	return salescoach.MsgStorageRefused.With("reason", http.StatusText(res.StatusCode)), err
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
