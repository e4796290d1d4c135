package voice

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/polly"
	"github.com/aws/aws-sdk-go-v2/service/polly/types"

	"salescoach"
)

// PollyConfig says how to reach Amazon Polly.
type PollyConfig struct {
	// Region such as eu-central-1.
	Region string
	// AccessKeyID and SecretAccessKey sign the requests. Both are
	// required: the server reads its settings from one place rather than
	// the SDK's chain of files and metadata services.
	AccessKeyID     string
	SecretAccessKey string
	// Endpoint overrides Polly's endpoint (tests, VPC endpoints); empty
	// uses the region's.
	Endpoint string
	// HTTPClient sends the requests; nil uses the SDK's.
	HTTPClient *http.Client
	// Timeout bounds one synthesis, its stream included; DefaultTimeout
	// when zero.
	Timeout time.Duration
	// Logger receives statuses and durations, never text or keys.
	Logger *slog.Logger
}

// Polly is a Synthesizer over Amazon Polly's SynthesizeSpeech.
type Polly struct {
	client  *polly.Client
	timeout time.Duration
	log     *slog.Logger
}

var _ Synthesizer = (*Polly)(nil)

// NewPolly returns a Polly synthesizer. It returns an error when the region
// or a key is missing.
func NewPolly(c PollyConfig) (*Polly, error) {
	if c.Region == "" {
		return nil, errors.New("voice: Polly needs a region")
	}
	if c.AccessKeyID == "" || c.SecretAccessKey == "" {
		return nil, errors.New("voice: Polly needs an access key id and a secret access key")
	}
	opts := polly.Options{
		Region:      c.Region,
		Credentials: credentials.NewStaticCredentialsProvider(c.AccessKeyID, c.SecretAccessKey, ""),
		// One attempt: the user is waiting, and the time limit is ours.
		Retryer: aws.NopRetryer{},
	}
	if c.Endpoint != "" {
		opts.BaseEndpoint = aws.String(strings.TrimRight(c.Endpoint, "/"))
	}
	var client polly.HTTPClient = awshttp.NewBuildableClient()
	if c.HTTPClient != nil {
		client = c.HTTPClient
	}
	opts.HTTPClient = plainRequestBodies{client}
	p := &Polly{client: polly.New(opts), timeout: c.Timeout, log: c.Logger}
	if p.timeout <= 0 {
		p.timeout = DefaultTimeout
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	return p, nil
}

// Name implements Synthesizer.
func (p *Polly) Name() string { return "polly" }

// Synthesize asks Polly for MP3 of r in the given voice, engine and
// language; an empty voice takes the language's default. Polly refusing the
// voice or text answers EINVALID MsgVoiceInvalid; anything else EUNAVAILABLE
// MsgTTSFailed.
func (p *Polly) Synthesize(ctx context.Context, r SpeechRequest) (*Speech, error) {
	def := DefaultVoice(r.LanguageCode)
	in := &polly.SynthesizeSpeechInput{
		Text:         aws.String(r.Text),
		OutputFormat: types.OutputFormatMp3,
		VoiceId:      types.VoiceId(r.Voice),
		Engine:       types.Engine(r.Engine),
	}
	if r.Voice == "" {
		// The language's voice, in its engine unless one was asked for.
		in.VoiceId, in.Engine = types.VoiceId(def.ID), types.Engine(cmpOr(r.Engine, def.Engine))
	}
	if r.LanguageCode != "" {
		in.LanguageCode = types.LanguageCode(r.LanguageCode)
	}
	if r.SampleRate != "" {
		in.SampleRate = aws.String(r.SampleRate)
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	start := time.Now()
	out, err := p.client.SynthesizeSpeech(ctx, in)
	if err != nil {
		cancel()
		status := 0
		var hs interface{ HTTPStatusCode() int }
		if errors.As(err, &hs) {
			status = hs.HTTPStatusCode()
		}
		p.log.WarnContext(ctx, "text-to-speech failed", "provider", "polly", "status", status, "err", redact(err),
			"elapsed", time.Since(start))
		passing := status == 0 || passingStatus(status)
		var api interface{ ErrorCode() string }
		if errors.As(err, &api) {
			switch api.ErrorCode() {
			case "InvalidParameterValueException", "EngineNotSupportedException", "LanguageNotSupportedException":
				return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgVoiceInvalid)
			case "ThrottlingException", "ServiceFailureException":
				passing = true
			}
		}
		return nil, providerError(salescoach.MsgTTSFailed, passing, 0)
	}
	ct := aws.ToString(out.ContentType)
	if !strings.HasPrefix(ct, "audio/") {
		ct = "audio/mpeg"
	}
	return &Speech{ContentType: ct, Body: cancelOnClose{&limitedBody{out.AudioStream, MaxSpeechBytes}, cancel}}, nil
}

// plainRequestBodies hands the SDK's requests on with a body that is only a
// ReadCloser. smithy-go wraps request bodies in a reader whose WriteTo
// answers io.EOF once closed, and closes the body as soon as the response
// headers arrive. A fast endpoint answers while net/http's write loop still
// drains the body (io.Copy prefers WriteTo); the write then fails with that
// EOF and the transport closes the connection under the response being read
// ('use of closed network connection'): about one synthesis in 500 failed
// against the local fake. Without WriteTo the drain reads, and a read after
// close is a plain end of body.
type plainRequestBodies struct{ next polly.HTTPClient }

func (p plainRequestBodies) Do(r *http.Request) (*http.Response, error) {
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = struct{ io.ReadCloser }{r.Body}
	}
	return p.next.Do(r)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
