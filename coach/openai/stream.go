package openai

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode"

	"salescoach/coach"
)

// streamChunk is one server-sent event of a streamed chat completion. With
// stream_options.include_usage the last chunk before [DONE] has no choices
// and carries the usage.
type streamChunk struct {
	Model   string `json:"model"`
	Choices []struct {
		Delta struct {
			Content string `json:"content"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *wireUsage `json:"usage"`
	Error *wireError `json:"error"`
}

// readStream reads a server-sent-event stream of chat completion chunks,
// passing the content to emit through a textSink, and returns the reply, the
// number of bytes read and an error. The stream is complete when the server
// sends [DONE] or a finish_reason; one that ends before either (a dropped
// connection, a crashed server) is an error even if text arrived, because a
// reply cut off mid-sentence must not count as the customer's answer.
func readStream(r io.Reader, usage *coach.Usage, emit func(string)) (string, int, error) {
	br := &boundedReader{r: r, n: MaxResponseBytes}
	counted := &countingReader{r: br}
	sc := bufio.NewScanner(counted)
	sc.Buffer(make([]byte, 0, 16<<10), maxLineBytes)
	sink := &textSink{emit: emit}
	var (
		data     []byte // the data of the event being read (lines joined by \n)
		hasData  bool
		done     bool // [DONE] seen
		finished bool // a finish_reason seen
	)
	dispatch := func() error {
		if !hasData {
			return nil
		}
		payload := bytes.TrimSpace(data)
		data, hasData = data[:0], false
		if string(payload) == "[DONE]" {
			done = true
			return nil
		}
		var c streamChunk
		if err := json.Unmarshal(payload, &c); err != nil {
			return &callError{reason: "stream_error", err: errors.New("a chunk is not JSON")}
		}
		if c.Error != nil {
			return &callError{reason: "stream_error", err: errors.New("the server sent an error event")}
		}
		if c.Model != "" {
			usage.Model = c.Model
		}
		if c.Usage != nil {
			usage.TokensIn, usage.TokensOut = c.Usage.PromptTokens, c.Usage.CompletionTokens
		}
		if len(c.Choices) > 0 {
			ch := c.Choices[0]
			sink.write(ch.Delta.Content)
			if ch.FinishReason != nil && *ch.FinishReason != "" {
				if *ch.FinishReason == "content_filter" {
					return &callError{reason: "filtered", err: errors.New("the reply was filtered")}
				}
				finished = true
			}
		}
		return nil
	}
	for !done && sc.Scan() {
		line := sc.Bytes() // valid until the next Scan; dispatch copies into data
		if len(line) == 0 {
			if err := dispatch(); err != nil {
				return "", counted.n, err
			}
			continue
		}
		if line[0] == ':' {
			continue // a comment, such as OpenRouter's keep-alive
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		if string(field) == "data" {
			if hasData {
				data = append(data, '\n')
			}
			data = append(data, bytes.TrimPrefix(value, []byte(" "))...)
			hasData = true
		}
		// event:, id: and retry: carry nothing for chat completions.
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", counted.n, &callError{reason: "too_large", err: err}
		}
		return "", counted.n, asCallError(err)
	}
	if err := dispatch(); err != nil {
		return "", counted.n, err
	}
	if !done && !finished {
		return "", counted.n, &callError{reason: "stream_incomplete", err: errors.New("the stream ended without [DONE] or a finish_reason")}
	}
	return sink.finish(), counted.n, nil
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// textSink turns the content deltas into what the user sees. It drops a
// leading <think>…</think> block (reasoning models served by Ollama or
// llama.cpp put their reasoning there), drops leading white space and holds
// back trailing white space until more text follows, so that the pieces
// passed to emit concatenate to exactly the trimmed reply.
type textSink struct {
	emit    func(string)
	out     strings.Builder
	head    string // leading content while it may still become "<think>"
	decided bool   // whether the reply opens with a think block is known
	inThink bool
	tail    string // the end of the think block read so far
	pending string // trailing white space held back
}

const thinkOpen, thinkClose = "<think>", "</think>"

func (s *textSink) write(delta string) {
	if delta == "" {
		return
	}
	if !s.decided {
		s.head += delta
		t := strings.TrimLeftFunc(s.head, unicode.IsSpace)
		switch {
		case t == "" || (len(t) < len(thinkOpen) && strings.HasPrefix(thinkOpen, t)):
			return // cannot tell yet
		case strings.HasPrefix(t, thinkOpen):
			s.decided, s.inThink = true, true
			delta = t[len(thinkOpen):]
		default:
			s.decided = true
			delta = s.head
		}
		s.head = ""
	}
	if s.inThink {
		s.tail += delta
		i := strings.Index(s.tail, thinkClose)
		if i < 0 {
			// Keep just enough to find a closing tag split across deltas.
			if n := len(s.tail); n > len(thinkClose) {
				s.tail = s.tail[n-len(thinkClose):]
			}
			return
		}
		delta = s.tail[i+len(thinkClose):]
		s.inThink, s.tail = false, ""
	}
	s.text(delta)
}

func (s *textSink) text(t string) {
	if s.out.Len() == 0 {
		t = strings.TrimLeftFunc(t, unicode.IsSpace)
	}
	body := strings.TrimRightFunc(t, unicode.IsSpace)
	if body == "" {
		if s.out.Len() > 0 {
			s.pending += t
		}
		return
	}
	piece := s.pending + body
	s.pending = t[len(body):]
	s.out.WriteString(piece)
	if s.emit != nil {
		s.emit(piece)
	}
}

// finish flushes content that looked like the start of "<think>" but never
// became one, and returns the reply.
func (s *textSink) finish() string {
	if !s.decided && s.head != "" {
		s.decided = true
		h := s.head
		s.head = ""
		s.text(h)
	}
	return s.out.String()
}

// readWhole reads a non-streamed completion sent in answer to a streamed
// request and passes its content to emit in one piece.
func readWhole(r io.Reader, usage *coach.Usage, emit func(string)) (string, int, error) {
	data, err := io.ReadAll(&boundedReader{r: r, n: MaxResponseBytes})
	if err != nil {
		return "", len(data), asCallError(err)
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil || cr.Error != nil || len(cr.Choices) == 0 || cr.Choices[0].Message.Content == nil {
		return "", len(data), &callError{reason: "stream_error", err: errors.New("the JSON answer is not a chat completion")}
	}
	if cr.Model != "" {
		usage.Model = cr.Model
	}
	if cr.Usage != nil {
		usage.TokensIn, usage.TokensOut = cr.Usage.PromptTokens, cr.Usage.CompletionTokens
	}
	if cr.Choices[0].FinishReason == "content_filter" {
		return "", len(data), &callError{reason: "filtered", err: errors.New("the reply was filtered")}
	}
	sink := &textSink{emit: emit}
	sink.write(*cr.Choices[0].Message.Content)
	return sink.finish(), len(data), nil
}
