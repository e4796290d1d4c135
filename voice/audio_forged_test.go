package voice_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
	"time"

	"salescoach/voice"
	"salescoach/voice/voicetest"
)

// The tests below build recordings byte by byte: honest ones, which must be
// measured right, and ones whose timing was forged or does not add up,
// which must be refused (no duration), so that no recording passes the cap
// and the metering shorter than it plays.

// wavSpec is a WAV's fmt chunk and data.
type wavSpec struct {
	format, channels     uint16
	rate, byteRate       uint32
	align, bits          uint16
	subFormat            uint16 // for format 0xFFFE
	dataSize             uint32 // as declared
	data                 int    // bytes present
	dataBeforeFmt, noFmt bool
}

func honestWAV(format, channels uint16, rate uint32, bits uint16, d time.Duration) wavSpec {
	align := channels * bits / 8
	n := int(d.Seconds()*float64(rate)) * int(align)
	return wavSpec{format: format, channels: channels, rate: rate, byteRate: rate * uint32(align), align: align,
		bits: bits, dataSize: uint32(n), data: n}
}

func (w wavSpec) bytes() []byte {
	var fmtChunk bytes.Buffer
	binary.Write(&fmtChunk, binary.LittleEndian, w.format)
	binary.Write(&fmtChunk, binary.LittleEndian, w.channels)
	binary.Write(&fmtChunk, binary.LittleEndian, w.rate)
	binary.Write(&fmtChunk, binary.LittleEndian, w.byteRate)
	binary.Write(&fmtChunk, binary.LittleEndian, w.align)
	binary.Write(&fmtChunk, binary.LittleEndian, w.bits)
	if w.format == 0xFFFE {
		binary.Write(&fmtChunk, binary.LittleEndian, uint16(22))                           // cbSize
		binary.Write(&fmtChunk, binary.LittleEndian, w.bits)                               // valid bits
		binary.Write(&fmtChunk, binary.LittleEndian, uint32(0))                            // channel mask
		binary.Write(&fmtChunk, binary.LittleEndian, w.subFormat)                          // sub-format GUID ...
		fmtChunk.Write([]byte("\x00\x00\x00\x00\x10\x00\x80\x00\x00\xAA\x00\x38\x9B\x71")) // ... its KSDATAFORMAT tail
	}
	chunk := func(b *bytes.Buffer, id string, size uint32, body []byte) {
		b.WriteString(id)
		binary.Write(b, binary.LittleEndian, size)
		b.Write(body)
	}
	var body bytes.Buffer
	body.WriteString("WAVE")
	if w.dataBeforeFmt {
		chunk(&body, "data", w.dataSize, make([]byte, w.data))
	}
	if !w.noFmt {
		chunk(&body, "fmt ", uint32(fmtChunk.Len()), fmtChunk.Bytes())
	}
	if !w.dataBeforeFmt {
		chunk(&body, "data", w.dataSize, make([]byte, w.data))
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(body.Len()))
	b.Write(body.Bytes())
	return b.Bytes()
}

func wantDuration(t *testing.T, f voice.Format, data []byte, want time.Duration) {
	t.Helper()
	d, ok := voice.Duration(f, data)
	if !ok || d < want-30*time.Millisecond || d > want+30*time.Millisecond {
		t.Errorf("Duration = %v, %v; want about %v", d, ok, want)
	}
}

func wantRefused(t *testing.T, f voice.Format, data []byte) {
	t.Helper()
	if d, ok := voice.Duration(f, data); ok {
		t.Errorf("Duration = %v, want the file refused", d)
	}
}

func TestWAVDurationFromSamples(t *testing.T) {
	t.Run("honest", func(t *testing.T) {
		wantDuration(t, voice.FormatWAV, honestWAV(1, 2, 48000, 16, 3*time.Second).bytes(), 3*time.Second)
		wantDuration(t, voice.FormatWAV, honestWAV(3, 1, 44100, 32, 1500*time.Millisecond).bytes(), 1500*time.Millisecond)
		wantDuration(t, voice.FormatWAV, honestWAV(1, 1, 8000, 8, 2*time.Second).bytes(), 2*time.Second)
		ext := honestWAV(0xFFFE, 1, 16000, 16, 4*time.Second)
		ext.subFormat = 1
		wantDuration(t, voice.FormatWAV, ext.bytes(), 4*time.Second)
		// A streaming writer leaves the size open: the frames present count.
		open := honestWAV(1, 1, 16000, 16, 2*time.Second)
		open.dataSize = math.MaxUint32
		wantDuration(t, voice.FormatWAV, open.bytes(), 2*time.Second)
	})
	// 300 s of 8 kHz mono 8-bit (2.4 MB, within the upload limit) whose
	// header claims a byte rate of 2.4 GB/s: 1 ms by the byte rate.
	forged := honestWAV(1, 1, 8000, 8, 300*time.Second)
	forged.byteRate = 2_400_000_000
	for name, w := range map[string]wavSpec{
		"forged byte rate": forged,
		"block align of another frame": func() wavSpec {
			w := honestWAV(1, 1, 8000, 8, 300*time.Second)
			w.align, w.byteRate = 4000, 8000*4000
			return w
		}(),
		"zero sample rate": func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.rate, w.byteRate = 0, 0; return w }(),
		"zero channels": func() wavSpec {
			w := honestWAV(1, 1, 16000, 16, time.Second)
			w.channels, w.align, w.byteRate = 0, 0, 0
			return w
		}(),
		"zero bits":        func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.bits = 0; return w }(),
		"bits not bytes":   func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.bits = 12; return w }(),
		"compressed (MP3)": func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.format = 0x55; return w }(),
		"extensible, not PCM": func() wavSpec {
			w := honestWAV(0xFFFE, 1, 16000, 16, time.Second)
			w.subFormat = 0x55
			return w
		}(),
		"data chunk larger than the body": func() wavSpec {
			w := honestWAV(1, 1, 16000, 16, time.Second)
			w.dataSize = 10 * 32000
			return w
		}(),
		"data of part of a frame": func() wavSpec {
			w := honestWAV(1, 2, 16000, 16, time.Second)
			w.dataSize, w.data = w.dataSize-1, w.data-1
			return w
		}(),
		"data before fmt": func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.dataBeforeFmt = true; return w }(),
		"no fmt":          func() wavSpec { w := honestWAV(1, 1, 16000, 16, time.Second); w.noFmt = true; return w }(),
	} {
		t.Run(name, func(t *testing.T) { wantRefused(t, voice.FormatWAV, w.bytes()) })
	}
}

// oggPage is one page of a crafted Ogg stream.
type oggPage struct {
	flags   byte
	granule int64
	serial  uint32
	seq     uint32
	packets [][]byte
	// open leaves the last packet unfinished (it continues on the next
	// page); cont marks the page as such a continuation.
	open bool
}

func oggBytes(pages []oggPage) []byte {
	var b bytes.Buffer
	for _, p := range pages {
		b.WriteString("OggS")
		b.WriteByte(0)
		b.WriteByte(p.flags)
		binary.Write(&b, binary.LittleEndian, p.granule)
		binary.Write(&b, binary.LittleEndian, p.serial)
		binary.Write(&b, binary.LittleEndian, p.seq)
		binary.Write(&b, binary.LittleEndian, uint32(0))
		var lacing []byte
		for i, pk := range p.packets {
			n := len(pk)
			for n >= 255 {
				lacing = append(lacing, 255)
				n -= 255
			}
			if !(p.open && i == len(p.packets)-1) {
				lacing = append(lacing, byte(n))
			}
		}
		b.WriteByte(byte(len(lacing)))
		b.Write(lacing)
		for _, pk := range p.packets {
			b.Write(pk)
		}
	}
	return b.Bytes()
}

// opusStream is an honest Ogg Opus stream: headers, then pages of packets
// (each a TOC byte and filler) with the granule positions an encoder
// writes; the last page trims trim samples. Tests change it afterwards.
func opusStream(toc []byte, packetSamples int64, perPage, pages int, trim int64) []oggPage {
	head := []byte("OpusHead\x01\x01")
	head = binary.LittleEndian.AppendUint16(head, 312)
	head = binary.LittleEndian.AppendUint32(head, 48000)
	head = append(head, 0, 0, 0)
	out := []oggPage{
		{flags: 0x02, serial: 7, seq: 0, packets: [][]byte{head}},
		{serial: 7, seq: 1, packets: [][]byte{[]byte("OpusTags\x00\x00\x00\x00\x00\x00\x00\x00")}},
	}
	packet := append(append([]byte{}, toc...), make([]byte, 50)...)
	var done int64
	for i := range pages {
		pg := oggPage{serial: 7, seq: uint32(2 + i)}
		for range perPage {
			pg.packets = append(pg.packets, packet)
		}
		done += int64(perPage) * packetSamples
		pg.granule = done
		if i == pages-1 {
			pg.flags, pg.granule = 0x04, done-trim
		}
		out = append(out, pg)
	}
	return out
}

func TestOggDurationFromGranulesAndPackets(t *testing.T) {
	twenty := []byte{voicetest.OpusTOC20ms}
	t.Run("honest", func(t *testing.T) {
		// 10 pages of 50 × 20 ms: 10 s, less the pre-skip, less 500 samples trimmed.
		wantDuration(t, voice.FormatOgg, oggBytes(opusStream(twenty, 960, 50, 10, 500)),
			time.Duration(480000-312-500)*time.Second/48000)
		// 60 ms packets: code 3, three 20 ms frames.
		wantDuration(t, voice.FormatOgg, oggBytes(opusStream([]byte{voicetest.OpusTOC20ms | 3, 3}, 2880, 10, 5, 0)),
			time.Duration(144000-312)*time.Second/48000)
		// A packet spanning two pages.
		s := opusStream(twenty, 960, 1, 2, 0)
		big := append([]byte{voicetest.OpusTOC20ms}, make([]byte, 509)...) // two full lacing values, ended on the next page
		s[2].packets, s[2].open, s[2].granule = [][]byte{big}, true, -1
		s[3].flags |= 0x01
		s[3].packets = [][]byte{{}}
		s[3].granule = 960
		wantDuration(t, voice.FormatOgg, oggBytes(s), time.Duration(960-312)*time.Second/48000)
	})
	long := func() []oggPage { return opusStream(twenty, 960, 50, 300, 0) } // 300 s
	for name, pages := range map[string][]oggPage{
		"forged last granule (300 s as 1 ms)": func() []oggPage {
			s := long()
			s[len(s)-1].granule = 312 + 48
			for i := 2; i < len(s)-1; i++ {
				s[i].granule = -1
			}
			return s
		}(),
		"last page trims more than a packet": func() []oggPage {
			s := long()
			s[len(s)-1].granule = s[len(s)-2].granule + 960
			return s
		}(),
		"a page's granule not its packets'": func() []oggPage { s := long(); s[5].granule = 960; return s }(),
		"granule going back": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[4].granule = s[3].granule - 960
			return s
		}(),
		"granule past the packets": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[4].granule += 960
			return s
		}(),
		"a second logical stream": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[4].flags = 0
			extra := long()[2:]
			for i := range extra {
				extra[i].serial, extra[i].seq = 8, uint32(5+i)
			}
			return append(s, extra...)
		}(),
		"a page missing": func() []oggPage { s := long(); return append(s[:10], s[11:]...) }(),
		"pages after the end of the stream": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[4].flags = 0x04
			s = append(s, oggPage{serial: 7, seq: 5, granule: s[4].granule + 48000, packets: s[4].packets})
			return s
		}(),
		"no OpusHead (Vorbis)": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			vorbis := []byte("\x01vorbis\x00\x00\x00\x00\x01\x80\xbb\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xb8\x01")
			s[0].packets = [][]byte{vorbis}
			return s
		}(),
		"a packet that is no Opus packet": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[3].packets[4] = []byte{voicetest.OpusTOC20ms | 3, 0} // code 3 with zero frames
			return s
		}(),
		"a packet left open": func() []oggPage {
			s := opusStream(twenty, 960, 50, 3, 0)
			s[4].open = true
			return s
		}(),
	} {
		t.Run(name, func(t *testing.T) { wantRefused(t, voice.FormatOgg, oggBytes(pages)) })
	}
	t.Run("junk after the pages", func(t *testing.T) {
		wantRefused(t, voice.FormatOgg, append(voicetest.Ogg(2*time.Second), bytes.Repeat([]byte{0}, 64)...))
	})
}

// webmSpec is a crafted WebM: its Info, its tracks and its clusters.
type webmSpec struct {
	scale    uint64   // TimecodeScale, 0: none written
	duration *float64 // Info's Duration in ticks, nil: none
	tracks   []webmTrack
	clusters []webmCluster
}

type webmTrack struct {
	number uint64
	codec  string
}

type webmCluster struct {
	timecode uint64
	blocks   []webmBlock
}

type webmBlock struct {
	track  byte
	rel    int16
	flags  byte
	packet []byte
}

func ebmlElement(id uint32, body []byte) []byte {
	var b []byte
	for shift := 24; shift >= 0; shift -= 8 {
		if id>>shift != 0 || shift == 0 {
			b = append(b, byte(id>>shift))
		}
	}
	size := binary.BigEndian.AppendUint64(nil, uint64(len(body)))
	size[0] = 0x01
	return append(append(b, size...), body...)
}

func ebmlUintBytes(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func (w webmSpec) bytes() []byte {
	var b bytes.Buffer
	b.Write(ebmlElement(0x1A45DFA3, ebmlElement(0x4282, []byte("webm"))))
	b.Write([]byte{0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	var info []byte
	if w.scale != 0 {
		info = append(info, ebmlElement(0x2AD7B1, ebmlUintBytes(w.scale))...)
	}
	if w.duration != nil {
		info = append(info, ebmlElement(0x4489, binary.BigEndian.AppendUint64(nil, math.Float64bits(*w.duration)))...)
	}
	b.Write(ebmlElement(0x1549A966, info))
	var tracks []byte
	for _, t := range w.tracks {
		tracks = append(tracks, ebmlElement(0xAE, append(ebmlElement(0xD7, ebmlUintBytes(t.number)),
			ebmlElement(0x86, []byte(t.codec))...))...)
	}
	b.Write(ebmlElement(0x1654AE6B, tracks))
	for _, c := range w.clusters {
		b.Write([]byte{0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
		b.Write(ebmlElement(0xE7, ebmlUintBytes(c.timecode)))
		for _, bl := range c.blocks {
			body := []byte{0x80 | bl.track}
			body = binary.BigEndian.AppendUint16(body, uint16(bl.rel))
			body = append(body, bl.flags)
			body = append(body, bl.packet...)
			b.Write(ebmlElement(0xA3, body))
		}
	}
	return b.Bytes()
}

// honestWebM is d of 20 ms Opus blocks, a cluster a second, in ms ticks.
func honestWebM(d time.Duration) webmSpec {
	w := webmSpec{scale: 1_000_000, tracks: []webmTrack{{1, "A_OPUS"}}}
	packet := append([]byte{voicetest.OpusTOC20ms}, make([]byte, 30)...)
	ms := d.Milliseconds()
	for c := int64(0); c < ms; c += 1000 {
		cl := webmCluster{timecode: uint64(c)}
		for rel := int64(0); rel < 1000 && c+rel+20 <= ms; rel += 20 {
			cl.blocks = append(cl.blocks, webmBlock{track: 1, rel: int16(rel), flags: 0x80, packet: packet})
		}
		w.clusters = append(w.clusters, cl)
	}
	return w
}

func TestWebMDurationFromTimecodesAndPackets(t *testing.T) {
	t.Run("honest", func(t *testing.T) {
		wantDuration(t, voice.FormatWebM, honestWebM(3*time.Second).bytes(), 3*time.Second)
		w := honestWebM(5 * time.Second)
		d := 5000.0
		w.duration = &d
		wantDuration(t, voice.FormatWebM, w.bytes(), 5*time.Second)
		// Microsecond ticks, as some muxers write them: a cluster per
		// block, since 20 ms does not fit a block's 16-bit offset then.
		w = webmSpec{scale: 1000, tracks: []webmTrack{{1, "A_OPUS"}}}
		for at := uint64(0); at < 2_000_000; at += 20_000 {
			w.clusters = append(w.clusters, webmCluster{timecode: at, blocks: []webmBlock{{track: 1, flags: 0x80,
				packet: []byte{voicetest.OpusTOC20ms, 0}}}})
		}
		wantDuration(t, voice.FormatWebM, w.bytes(), 2*time.Second)
	})
	thirty := func() webmSpec { return honestWebM(30 * time.Second) }
	for name, w := range map[string]webmSpec{
		"forged Duration (30 s as 1 ms)": func() webmSpec { w := thirty(); d := 1.0; w.duration = &d; return w }(),
		"squeezed by the timecode scale": func() webmSpec { w := thirty(); w.scale = 1000; return w }(),
		"squeezed timecodes": func() webmSpec {
			w := thirty()
			for i := range w.clusters {
				w.clusters[i].timecode = 0
				for j := range w.clusters[i].blocks {
					w.clusters[i].blocks[j].rel = 0
				}
			}
			return w
		}(),
		"a block going back": func() webmSpec { w := thirty(); w.clusters[3].timecode = 1000; return w }(),
		"a block of an undeclared track": func() webmSpec {
			w := thirty()
			w.clusters[2].blocks[3].track = 2
			return w
		}(),
		"two tracks": func() webmSpec {
			w := thirty()
			w.tracks = append(w.tracks, webmTrack{2, "A_OPUS"})
			return w
		}(),
		"not Opus": func() webmSpec { w := thirty(); w.tracks[0].codec = "A_VORBIS"; return w }(),
		"laced frames": func() webmSpec {
			w := thirty()
			w.clusters[1].blocks[0].flags |= 0x02
			return w
		}(),
		"a block that is no Opus packet": func() webmSpec {
			w := thirty()
			w.clusters[1].blocks[0].packet = nil
			return w
		}(),
	} {
		t.Run(name, func(t *testing.T) { wantRefused(t, voice.FormatWebM, w.bytes()) })
	}
}
