// Bounded loopback load generator: N workers, M requests in total, one method/url/body/header set.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	method := flag.String("m", "GET", "")
	url := flag.String("u", "", "")
	body := flag.String("b", "", "body; {i} replaced by request number")
	hdr := flag.String("H", "", "headers k:v|k:v")
	n := flag.Int("n", 5000, "")
	c := flag.Int("c", 50, "")
	flag.Parse()
	if !strings.HasPrefix(*url, "http://127.0.0.1:") {
		fmt.Println("loopback only")
		os.Exit(2)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: *c, MaxConnsPerHost: *c}
	cl := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var next int64 = -1
	lat := make([]time.Duration, *n)
	var errs, non2xx int64
	codes := sync.Map{}
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *c; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := atomic.AddInt64(&next, 1)
				if i >= int64(*n) {
					return
				}
				b := strings.ReplaceAll(*body, "{i}", fmt.Sprint(i))
				req, _ := http.NewRequest(*method, *url, bytes.NewBufferString(b))
				if *body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				for _, kv := range strings.Split(*hdr, "|") {
					if k, v, ok := strings.Cut(kv, ":"); ok {
						req.Header.Set(k, v)
					}
				}
				t := time.Now()
				res, err := cl.Do(req)
				lat[i] = time.Since(t)
				if err != nil {
					atomic.AddInt64(&errs, 1)
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode >= 300 {
					atomic.AddInt64(&non2xx, 1)
					v, _ := codes.LoadOrStore(res.StatusCode, new(int64))
					atomic.AddInt64(v.(*int64), 1)
				}
			}
		}()
	}
	wg.Wait()
	el := time.Since(start)
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	cs := ""
	codes.Range(func(k, v any) bool { cs += fmt.Sprintf(" %v:%d", k, *v.(*int64)); return true })
	fmt.Printf("n=%d c=%d time=%.2fs rps=%.0f p50=%.2fms p99=%.2fms errors=%d non2xx=%d%s\n", *n, *c, el.Seconds(),
		float64(*n)/el.Seconds(), float64(lat[*n/2].Microseconds())/1000, float64(lat[*n*99/100].Microseconds())/1000, errs, non2xx, cs)
}
