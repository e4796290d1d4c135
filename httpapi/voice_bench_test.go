package httpapi_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach/httpapi"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/voice/voicetest"
)

// BenchmarkVoiceTurnOverhead measures what the server adds to a voice turn
// with providers that answer at once (the protocol fakes, over real HTTP):
// the end of speech is the moment the browser posts the recording, so the
// figures are the transcription's round trip (3 s of WebM up, the text back)
// and the time to the first audio byte of a spoken sentence. The fakes' own
// work is included, so these are upper bounds of the server's overhead.
func BenchmarkVoiceTurnOverhead(b *testing.B) {
	db := sqlstoretest.NewSQLite(b)
	stt := voicetest.NewOpenAI(b)
	polly := voicetest.NewPolly(b)
	e := newEnv(b, db, withSTT(b, stt, 0), withPolly(b, polly, 0), func(cfg *httpapi.Config, _ *httpapi.Deps) {
		cfg.STTPerMinute, cfg.TTSPerMinute = 1<<30, 1<<30
	})
	token := benchUsers(b, e, db, 1)[0]
	audio := voicetest.WebM(3 * time.Second)
	var sttTimes, ttsTimes []time.Duration
	b.ResetTimer()
	for range b.N {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", "speech.webm")
		fw.Write(audio)
		mw.Close()
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/stt", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+token)
		start := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		sttTimes = append(sttTimes, time.Since(start))
		if res.StatusCode != 200 {
			b.Fatalf("stt %d", res.StatusCode)
		}

		req, _ = http.NewRequest("POST", e.srv.URL+"/api/tts", strings.NewReader(`{"text":"Das verstehe ich."}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		start = time.Now()
		res, err = http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		var one [1]byte
		if _, err := io.ReadFull(res.Body, one[:]); err != nil || res.StatusCode != 200 {
			b.Fatalf("tts %d %v", res.StatusCode, err)
		}
		ttsTimes = append(ttsTimes, time.Since(start))
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	b.StopTimer()
	for _, m := range []struct {
		name  string
		times []time.Duration
	}{{"stt", sttTimes}, {"tts-first-byte", ttsTimes}} {
		slices.Sort(m.times)
		b.ReportMetric(float64(m.times[len(m.times)/2].Microseconds())/1000, m.name+"-p50-ms")
		b.ReportMetric(float64(m.times[len(m.times)*99/100].Microseconds())/1000, m.name+"-p99-ms")
	}
}
