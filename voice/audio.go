package voice

import (
	"bytes"
	"encoding/binary"
	"math"
	"time"
)

// Format is an audio container the server accepts.
type Format string

// The accepted containers: what MediaRecorder records (WebM in Chromium,
// Ogg in Firefox) and WAV.
const (
	FormatWebM Format = "webm"
	FormatOgg  Format = "ogg"
	FormatWAV  Format = "wav"
)

// ContentType is the MIME type of f.
func (f Format) ContentType() string {
	switch f {
	case FormatWebM:
		return "audio/webm"
	case FormatOgg:
		return "audio/ogg"
	case FormatWAV:
		return "audio/wav"
	}
	return "application/octet-stream"
}

// Sniff tells the container of data from its first bytes; ok is false for
// anything else.
func Sniff(data []byte) (Format, bool) {
	switch {
	case len(data) >= 4 && bytes.Equal(data[:4], []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return FormatWebM, true
	case len(data) >= 4 && string(data[:4]) == "OggS":
		return FormatOgg, true
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WAVE":
		return FormatWAV, true
	}
	return "", false
}

// Duration reads how long a recording of format f plays, from the container
// alone (no decoding). ok is false when data is not a readable recording of
// that format or holds no audio.
func Duration(f Format, data []byte) (time.Duration, bool) {
	switch f {
	case FormatWAV:
		return wavDuration(data)
	case FormatOgg:
		return oggDuration(data)
	case FormatWebM:
		return webmDuration(data)
	}
	return 0, false
}

// wavDuration divides the data chunk's size by the fmt chunk's byte rate. A
// streaming writer may leave the data size at 0 or 0xFFFFFFFF; then the
// bytes present count.
func wavDuration(data []byte) (time.Duration, bool) {
	var byteRate uint32
	for p := 12; p+8 <= len(data); {
		id, size := string(data[p:p+4]), binary.LittleEndian.Uint32(data[p+4:p+8])
		body := p + 8
		switch id {
		case "fmt ":
			if body+16 > len(data) {
				return 0, false
			}
			byteRate = binary.LittleEndian.Uint32(data[body+8 : body+12])
		case "data":
			if byteRate == 0 {
				return 0, false
			}
			n := uint64(len(data) - body)
			if size != 0 && size != math.MaxUint32 && uint64(size) < n {
				n = uint64(size)
			}
			if n == 0 {
				return 0, false
			}
			return time.Duration(n * uint64(time.Second) / uint64(byteRate)), true
		}
		next := uint64(body) + uint64(size) + uint64(size&1)
		if next > uint64(len(data)) {
			return 0, false
		}
		p = int(next)
	}
	return 0, false
}

// oggDuration reads the granule position of the last page. Opus counts
// 48 kHz samples after a pre-skip (its ID header, "OpusHead"); Vorbis counts
// samples at the rate of its identification header.
func oggDuration(data []byte) (time.Duration, bool) {
	var (
		rate    uint64
		preSkip uint64
		last    int64 = -1
	)
	for p := 0; p+27 <= len(data); {
		if string(data[p:p+4]) != "OggS" {
			return 0, false
		}
		granule := int64(binary.LittleEndian.Uint64(data[p+6 : p+14]))
		segments := int(data[p+26])
		if p+27+segments > len(data) {
			return 0, false
		}
		size := 0
		for _, s := range data[p+27 : p+27+segments] {
			size += int(s)
		}
		body := p + 27 + segments
		if body+size > len(data) {
			return 0, false
		}
		page := data[body : body+size]
		switch {
		case rate == 0 && len(page) >= 19 && string(page[:8]) == "OpusHead":
			rate, preSkip = 48000, uint64(binary.LittleEndian.Uint16(page[10:12]))
		case rate == 0 && len(page) >= 16 && string(page[:7]) == "\x01vorbis":
			rate = uint64(binary.LittleEndian.Uint32(page[12:16]))
		}
		if granule >= 0 {
			last = granule
		}
		p = body + size
	}
	if rate == 0 || last <= 0 || uint64(last) <= preSkip {
		return 0, false
	}
	samples := uint64(last) - preSkip
	return time.Duration(samples * uint64(time.Second) / rate), true
}

// EBML element ids read by webmDuration.
const (
	ebmlSegment      = 0x18538067
	ebmlInfo         = 0x1549A966
	ebmlTimecodeScal = 0x2AD7B1
	ebmlDuration     = 0x4489
	ebmlCluster      = 0x1F43B675
	ebmlTimecode     = 0xE7
	ebmlBlockGroup   = 0xA0
	ebmlBlock        = 0xA1
	ebmlSimpleBlock  = 0xA3
)

// webmDuration walks the EBML elements: the Info's Duration when a muxer
// wrote one, else the latest block time (cluster timecode plus the block's
// relative timecode). MediaRecorder writes live streams with unknown sizes
// and no Duration, so the blocks are what counts. Master elements are
// entered in place, which handles unknown sizes without special cases.
func webmDuration(data []byte) (time.Duration, bool) {
	scale := uint64(1_000_000) // ns per tick, WebM's default
	var (
		infoDuration float64
		cluster      int64
		latest       int64 = -1
		blocks       int
	)
	p := 0
	for p < len(data) {
		id, n := ebmlID(data[p:])
		if n == 0 {
			break
		}
		size, m, unknown := ebmlSize(data[p+n:])
		if m == 0 {
			break
		}
		body := p + n + m
		switch id {
		case ebmlSegment, ebmlCluster, ebmlInfo, ebmlBlockGroup:
			p = body // enter
			continue
		}
		if unknown || body+int(size) > len(data) || size > uint64(len(data)) {
			// A truncated last element: MediaRecorder's final chunk may be cut.
			break
		}
		el := data[body : body+int(size)]
		switch id {
		case ebmlTimecodeScal:
			if v := ebmlUint(el); v > 0 {
				scale = v
			}
		case ebmlDuration:
			switch len(el) {
			case 4:
				infoDuration = float64(math.Float32frombits(binary.BigEndian.Uint32(el)))
			case 8:
				infoDuration = math.Float64frombits(binary.BigEndian.Uint64(el))
			}
		case ebmlTimecode:
			cluster = int64(ebmlUint(el))
		case ebmlSimpleBlock, ebmlBlock:
			_, t, _ := ebmlSize(el) // track number, a vint
			if t > 0 && t+2 <= len(el) {
				rel := int64(int16(binary.BigEndian.Uint16(el[t : t+2])))
				latest = max(latest, cluster+rel)
				blocks++
			}
		}
		p = body + int(size)
	}
	if infoDuration > 0 && !math.IsInf(infoDuration, 0) && !math.IsNaN(infoDuration) && infoDuration < 1e15 {
		return time.Duration(infoDuration * float64(scale)), true
	}
	if blocks == 0 || latest < 0 {
		return 0, false
	}
	// The last block's start; an Opus frame lasts 20 ms, so add one frame.
	return time.Duration(uint64(latest)*scale) + 20*time.Millisecond, true
}

// ebmlID reads an element id (1 to 4 bytes, marker bits kept); n is 0 when
// data does not start with one.
func ebmlID(data []byte) (uint32, int) {
	if len(data) == 0 || data[0] == 0 {
		return 0, 0
	}
	n := 1
	for mask := byte(0x80); data[0]&mask == 0; mask >>= 1 {
		n++
	}
	if n > 4 || n > len(data) {
		return 0, 0
	}
	var id uint32
	for _, b := range data[:n] {
		id = id<<8 | uint32(b)
	}
	return id, n
}

// ebmlSize reads a variable-size integer (1 to 8 bytes, marker removed);
// unknown is true for the all-ones "unknown size".
func ebmlSize(data []byte) (size uint64, n int, unknown bool) {
	if len(data) == 0 || data[0] == 0 {
		return 0, 0, false
	}
	n = 1
	mask := byte(0x80)
	for ; data[0]&mask == 0; mask >>= 1 {
		n++
	}
	if n > len(data) {
		return 0, 0, false
	}
	size = uint64(data[0] & (mask - 1))
	all := size == uint64(mask-1)
	for _, b := range data[1:n] {
		size = size<<8 | uint64(b)
		all = all && b == 0xFF
	}
	return size, n, all
}

// ebmlUint reads a big-endian unsigned integer element of up to 8 bytes.
func ebmlUint(b []byte) uint64 {
	if len(b) > 8 {
		return 0
	}
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}
