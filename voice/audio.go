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

// Bounds of a WAV header that can be honest: what any recorder writes,
// with room.
const (
	maxWAVChannels   = 8
	maxWAVSampleRate = 384000
)

// wavDuration derives the duration from the samples: the data chunk's size
// divided by sample rate × channels × bytes per sample, all read from the
// fmt chunk, which must add up (byte rate and block align equal to that
// product, PCM or float samples of whole bytes, no zero rates). The header's
// byte rate alone is never trusted: a forged one would make any length pass
// as a millisecond. A data chunk that claims more than the body holds is
// refused; a streaming writer may leave its size at 0 or 0xFFFFFFFF, then
// the whole frames present count.
func wavDuration(data []byte) (time.Duration, bool) {
	var frameBytes, bytesPerSecond uint64
	for p := 12; p+8 <= len(data); {
		id, size := string(data[p:p+4]), uint64(binary.LittleEndian.Uint32(data[p+4:p+8]))
		body := p + 8
		switch id {
		case "fmt ":
			if frameBytes != 0 || size < 16 || uint64(body)+size > uint64(len(data)) {
				return 0, false
			}
			f := data[body : body+int(size)]
			format := binary.LittleEndian.Uint16(f[0:2])
			channels := uint64(binary.LittleEndian.Uint16(f[2:4]))
			rate := uint64(binary.LittleEndian.Uint32(f[4:8]))
			byteRate := uint64(binary.LittleEndian.Uint32(f[8:12]))
			align := uint64(binary.LittleEndian.Uint16(f[12:14]))
			bits := uint64(binary.LittleEndian.Uint16(f[14:16]))
			if format == 0xFFFE { // WAVE_FORMAT_EXTENSIBLE: the sub-format's first two bytes
				if size < 40 {
					return 0, false
				}
				format = binary.LittleEndian.Uint16(f[24:26])
			}
			switch {
			case format != 1 && format != 3: // PCM, IEEE float: the only ones with fixed-size frames
				return 0, false
			case channels == 0 || channels > maxWAVChannels, rate == 0 || rate > maxWAVSampleRate,
				bits == 0 || bits%8 != 0 || bits > 64:
				return 0, false
			case align != channels*bits/8 || byteRate != rate*align:
				return 0, false
			}
			frameBytes, bytesPerSecond = align, byteRate
		case "data":
			if frameBytes == 0 {
				return 0, false
			}
			n := uint64(len(data) - body)
			switch {
			case size == 0 || size == math.MaxUint32:
				n -= n % frameBytes
			case size > n || size%frameBytes != 0:
				return 0, false
			default:
				n = size
			}
			if n == 0 {
				return 0, false
			}
			return time.Duration(n * uint64(time.Second) / bytesPerSecond), true
		}
		next := uint64(body) + size + size&1
		if next > uint64(len(data)) {
			return 0, false
		}
		p = int(next)
	}
	return 0, false
}

// opusMaxPacket is the longest Opus packet, 120 ms at 48 kHz (RFC 6716,
// section 3.2.5), which is also the most an Ogg stream may trim at its end
// here.
const opusMaxPacket = 5760

// opusSamples is how many 48 kHz samples an Opus packet holds, from its TOC
// byte and frame count (RFC 6716, section 3.1); ok is false for what is no
// Opus packet.
func opusSamples(p []byte) (uint64, bool) {
	if len(p) == 0 {
		return 0, false
	}
	cfg := p[0] >> 3
	var frame uint64
	switch {
	case cfg < 12: // SILK: 10, 20, 40, 60 ms
		frame = [...]uint64{480, 960, 1920, 2880}[cfg%4]
	case cfg < 16: // Hybrid: 10, 20 ms
		frame = [...]uint64{480, 960}[cfg%2]
	default: // CELT: 2.5, 5, 10, 20 ms
		frame = [...]uint64{120, 240, 480, 960}[cfg%4]
	}
	var frames uint64
	switch p[0] & 3 {
	case 0:
		frames = 1
	case 1, 2:
		frames = 2
	case 3:
		if len(p) < 2 {
			return 0, false
		}
		frames = uint64(p[1] & 0x3F)
	}
	if frames == 0 || frames*frame > opusMaxPacket {
		return 0, false
	}
	return frames * frame, true
}

// oggDuration reads an Ogg Opus stream's duration from its granule
// positions (RFC 7845) and checks them against the packets: one logical
// stream of consecutive pages with nothing between or after them, the
// OpusHead and OpusTags headers, and then every page that ends a packet
// carries the count of 48 kHz samples of all packets so far, by their TOC
// bytes; only the last page may trim, by at most one packet. The duration is
// the last granule position less the pre-skip. Anything else is refused,
// Vorbis too (its packet lengths would need the codec's setup).
func oggDuration(data []byte) (time.Duration, bool) {
	var (
		serial, seq uint32
		pages       int
		packets     int    // completed packets
		head        []byte // the first bytes of the packet being read
		length      int    // its length so far
		open        bool   // a packet continues on the next page
		preSkip     uint64 // from OpusHead
		samples     uint64 // of the completed audio packets
		granule     int64  // of the last page that ended an audio packet
		atGranule   uint64 // the samples counted when that page ended
		audio       bool   // such a page was seen
	)
	packetDone := func() bool {
		switch packets {
		case 0:
			if length < 19 || string(head[:8]) != "OpusHead" || head[8]>>4 != 0 {
				return false
			}
			preSkip = uint64(binary.LittleEndian.Uint16(head[10:12]))
		case 1:
			if length < 8 || string(head[:8]) != "OpusTags" {
				return false
			}
		default:
			s, ok := opusSamples(head)
			if !ok {
				return false
			}
			samples += s
		}
		packets++
		head, length = head[:0], 0
		return true
	}
	p := 0
	for p < len(data) {
		if p+27 > len(data) || string(data[p:p+4]) != "OggS" || data[p+4] != 0 {
			return 0, false
		}
		flags := data[p+5]
		g := int64(binary.LittleEndian.Uint64(data[p+6 : p+14]))
		ser := binary.LittleEndian.Uint32(data[p+14 : p+18])
		sq := binary.LittleEndian.Uint32(data[p+18 : p+22])
		switch {
		case pages == 0 && (flags&0x02 == 0 || sq != 0):
			return 0, false // no beginning of a stream
		case pages > 0 && (ser != serial || sq != seq+1 || flags&0x02 != 0):
			return 0, false // another stream, or a page missing
		case (flags&0x01 != 0) != open:
			return 0, false // a continuation of nothing, or a packet left open
		}
		serial, seq = ser, sq
		segments := int(data[p+26])
		at := p + 27 + segments
		if at > len(data) {
			return 0, false
		}
		ended := false
		for _, lace := range data[p+27 : p+27+segments] {
			end := at + int(lace)
			if end > len(data) {
				return 0, false
			}
			if len(head) < 16 {
				head = append(head, data[at:min(end, at+16-len(head))]...)
			}
			length += int(lace)
			at = end
			if lace < 255 {
				if !packetDone() {
					return 0, false
				}
				ended = true
			}
		}
		open = segments > 0 && data[p+27+segments-1] == 255
		switch {
		case !ended && g != -1:
			return 0, false // a page that ends no packet has no position
		case ended && packets <= 2 && g != 0:
			return 0, false // the header pages are at 0
		case ended && packets > 2:
			// The page before this one was not the last, so it must have
			// counted exactly; positions never go back.
			if audio && uint64(granule) != atGranule || g < granule || g < 0 {
				return 0, false
			}
			granule, atGranule, audio = g, samples, true
		}
		pages++
		p = at
		if flags&0x04 != 0 && p != len(data) {
			return 0, false // something after the end of the stream
		}
	}
	if open || !audio || uint64(granule) > atGranule || atGranule-uint64(granule) > opusMaxPacket ||
		uint64(granule) <= preSkip {
		return 0, false
	}
	return time.Duration((uint64(granule) - preSkip) * uint64(time.Second) / 48000), true
}

// EBML element ids read by webmDuration.
const (
	ebmlSegment      = 0x18538067
	ebmlInfo         = 0x1549A966
	ebmlTimecodeScal = 0x2AD7B1
	ebmlDuration     = 0x4489
	ebmlTracks       = 0x1654AE6B
	ebmlTrackEntry   = 0xAE
	ebmlTrackNumber  = 0xD7
	ebmlCodecID      = 0x86
	ebmlCluster      = 0x1F43B675
	ebmlTimecode     = 0xE7
	ebmlBlockGroup   = 0xA0
	ebmlBlock        = 0xA1
	ebmlSimpleBlock  = 0xA3
)

// webmTolerance is how far a WebM's timeline may run behind the audio its
// blocks hold, or its Duration element differ from the timeline, before the
// file is refused: a capture clock's jitter, not a forged length.
func webmTolerance(d time.Duration) time.Duration { return 250*time.Millisecond + d/20 }

// webmDuration reads a WebM's duration from its own timing: the last
// block's time (its cluster's timecode plus its relative timecode, in
// TimecodeScale) plus that block's length. It checks the timing against
// the audio: one track, Opus (what MediaRecorder writes), blocks of one
// unlaced packet each in time order, and the packets' own lengths (their
// TOC bytes) must not add up to more than the timeline shows (time
// squeezed by a forged timecode or scale). The Info's Duration, which
// MediaRecorder does not write, is only a cross-check. Master elements are
// entered in place, which handles the unknown sizes of live streams without
// special cases; a truncated last element (a cut final chunk) ends the walk.
func webmDuration(data []byte) (time.Duration, bool) {
	scale := uint64(1_000_000) // ns per tick, WebM's default
	var (
		infoDuration float64
		hasDuration  bool
		entries      int
		track        uint64
		codec        string
		cluster      uint64
		last         int64 = -1 // ticks of the last block
		lastSamples  uint64
		samples      uint64
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
		case ebmlSegment, ebmlCluster, ebmlInfo, ebmlBlockGroup, ebmlTracks:
			p = body // enter
			continue
		case ebmlTrackEntry:
			entries++
			p = body
			continue
		}
		if unknown || size > uint64(len(data)) || body+int(size) > len(data) {
			break
		}
		el := data[body : body+int(size)]
		switch id {
		case ebmlTimecodeScal:
			if scale = ebmlUint(el); scale == 0 || scale > uint64(time.Second) {
				return 0, false
			}
		case ebmlDuration:
			switch len(el) {
			case 4:
				infoDuration = float64(math.Float32frombits(binary.BigEndian.Uint32(el)))
			case 8:
				infoDuration = math.Float64frombits(binary.BigEndian.Uint64(el))
			default:
				return 0, false
			}
			hasDuration = true
		case ebmlTrackNumber:
			track = ebmlUint(el)
		case ebmlCodecID:
			codec = string(el)
		case ebmlTimecode:
			cluster = ebmlUint(el)
		case ebmlSimpleBlock, ebmlBlock:
			num, t, _ := ebmlSize(el) // track number, a vint
			if t == 0 || t+3 > len(el) || entries != 1 || codec != "A_OPUS" || num != track || el[t+2]&0x06 != 0 {
				return 0, false // no Opus track, another track, or laced frames
			}
			rel := int64(int16(binary.BigEndian.Uint16(el[t : t+2])))
			if cluster > 1<<40 {
				return 0, false
			}
			at := int64(cluster) + rel
			if at < 0 || at < last {
				return 0, false
			}
			s, ok := opusSamples(el[t+3:])
			if !ok {
				return 0, false
			}
			last, lastSamples = at, s
			samples += s
			blocks++
		}
		p = body + int(size)
	}
	if blocks == 0 || uint64(last) > uint64(math.MaxInt64)/scale {
		return 0, false
	}
	timeline := time.Duration(uint64(last)*scale) + time.Duration(lastSamples*uint64(time.Second)/48000)
	audio := time.Duration(samples * uint64(time.Second) / 48000)
	if audio > timeline+webmTolerance(timeline) {
		return 0, false
	}
	if hasDuration {
		d := infoDuration * float64(scale)
		if math.IsNaN(d) || d < 0 || math.Abs(d-float64(timeline)) > float64(webmTolerance(timeline)) {
			return 0, false
		}
	}
	return timeline, true
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
