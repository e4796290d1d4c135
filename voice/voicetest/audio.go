// Package voicetest provides what tests of the voice loop need: recordings
// of a given length in each accepted container (silent, built byte by byte)
// and local servers that speak the providers' protocols (the OpenAI audio
// API and Amazon Polly's SynthesizeSpeech).
package voicetest

import (
	"bytes"
	"encoding/binary"
	"time"
)

// WAV returns a 16 kHz mono 16-bit PCM WAV of silence lasting d.
func WAV(d time.Duration) []byte {
	const rate, bytesPerSample = 16000, 2
	n := int(d.Seconds()*rate) * bytesPerSample
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+n))
	b.WriteString("WAVEfmt ")
	binary.Write(&b, binary.LittleEndian, uint32(16))
	binary.Write(&b, binary.LittleEndian, uint16(1)) // PCM
	binary.Write(&b, binary.LittleEndian, uint16(1)) // mono
	binary.Write(&b, binary.LittleEndian, uint32(rate))
	binary.Write(&b, binary.LittleEndian, uint32(rate*bytesPerSample))
	binary.Write(&b, binary.LittleEndian, uint16(bytesPerSample))
	binary.Write(&b, binary.LittleEndian, uint16(16))
	b.WriteString("data")
	binary.Write(&b, binary.LittleEndian, uint32(n))
	b.Write(make([]byte, n))
	return b.Bytes()
}

// Ogg returns an Ogg Opus stream lasting d as an encoder writes it: the
// OpusHead (pre-skip 312) and OpusTags pages, then 20 ms packets, 50 to a
// page, each page's granule position counting the 48 kHz samples of the
// packets so far (pre-skip included), the last page trimming the padding of
// its last packet. The packets are a TOC byte (CELT, 20 ms, one frame) and
// placeholder bytes; only the container and the TOC are read.
func Ogg(d time.Duration) []byte {
	const preSkip, frame, perPage = 312, 960, 50
	var b bytes.Buffer
	head := []byte("OpusHead\x01\x01")
	head = binary.LittleEndian.AppendUint16(head, preSkip)
	head = binary.LittleEndian.AppendUint32(head, 48000)
	head = append(head, 0, 0, 0)
	oggPage(&b, 0x02, 0, 0, head)
	oggPage(&b, 0, 0, 1, []byte("OpusTags\x00\x00\x00\x00\x00\x00\x00\x00"))
	samples := int64(d.Seconds() * 48000)
	if samples == 0 {
		return b.Bytes()
	}
	total := samples + preSkip
	packets := (total + frame - 1) / frame
	packet := append([]byte{OpusTOC20ms}, make([]byte, 60)...)
	seq := uint32(2)
	for done := int64(0); done < packets; seq++ {
		n := min(perPage, packets-done)
		done += n
		flags, granule := byte(0), done*frame
		if done == packets {
			flags, granule = 0x04, total
		}
		page := make([][]byte, n)
		for i := range page {
			page[i] = packet
		}
		oggPage(&b, flags, granule, seq, page...)
	}
	return b.Bytes()
}

// OpusTOC20ms is the TOC byte of an Opus packet of one 20 ms CELT frame
// (RFC 6716, configuration 31, code 0).
const OpusTOC20ms = 31 << 3

func oggPage(b *bytes.Buffer, flags byte, granule int64, seq uint32, packets ...[]byte) {
	b.WriteString("OggS")
	b.WriteByte(0)
	b.WriteByte(flags)
	binary.Write(b, binary.LittleEndian, granule)
	binary.Write(b, binary.LittleEndian, uint32(1)) // serial
	binary.Write(b, binary.LittleEndian, seq)
	binary.Write(b, binary.LittleEndian, uint32(0)) // CRC, not checked
	var lacing []byte
	for _, packet := range packets {
		n := len(packet)
		for n >= 255 {
			lacing = append(lacing, 255)
			n -= 255
		}
		lacing = append(lacing, byte(n))
	}
	b.WriteByte(byte(len(lacing)))
	b.Write(lacing)
	for _, packet := range packets {
		b.Write(packet)
	}
}

// WebM returns a WebM stream lasting d as MediaRecorder writes it: Segment
// and Clusters of unknown size, no Duration, a Cluster per second with one
// SimpleBlock every 20 ms (a 20 ms Opus packet each).
func WebM(d time.Duration) []byte {
	var b bytes.Buffer
	ebml(&b, 0x1A45DFA3, concat(ebmlEl(0x4282, []byte("webm")), ebmlEl(0x4287, []byte{4}), ebmlEl(0x4285, []byte{2})))
	b.Write([]byte{0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}) // Segment, unknown size
	ebml(&b, 0x1549A966, concat(ebmlEl(0x2AD7B1, []byte{0x0F, 0x42, 0x40}), ebmlEl(0x4D80, []byte("voicetest"))))
	ebml(&b, 0x1654AE6B, ebmlEl(0xAE, concat(ebmlEl(0xD7, []byte{1}), ebmlEl(0x86, []byte("A_OPUS")))))
	ms := d.Milliseconds()
	for cluster := int64(0); cluster < ms; cluster += 1000 {
		b.Write([]byte{0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}) // Cluster, unknown size
		ebml(&b, 0xE7, binary.BigEndian.AppendUint32(nil, uint32(cluster)))
		for rel := int64(0); rel < 1000 && cluster+rel+20 <= ms; rel += 20 {
			block := []byte{0x81} // track 1
			block = binary.BigEndian.AppendUint16(block, uint16(rel))
			block = append(block, 0x80, OpusTOC20ms) // keyframe, one 20 ms Opus frame
			block = append(block, make([]byte, 40)...)
			ebml(&b, 0xA3, block)
		}
	}
	return b.Bytes()
}

func concat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func ebmlEl(id uint32, body []byte) []byte {
	var b bytes.Buffer
	ebml(&b, id, body)
	return b.Bytes()
}

// ebml writes an element with an 8-byte size.
func ebml(b *bytes.Buffer, id uint32, body []byte) {
	switch {
	case id > 0xFFFFFF:
		b.Write([]byte{byte(id >> 24), byte(id >> 16), byte(id >> 8), byte(id)})
	case id > 0xFFFF:
		b.Write([]byte{byte(id >> 16), byte(id >> 8), byte(id)})
	case id > 0xFF:
		b.Write([]byte{byte(id >> 8), byte(id)})
	default:
		b.WriteByte(byte(id))
	}
	size := binary.BigEndian.AppendUint64(nil, uint64(len(body)))
	size[0] = 0x01
	b.Write(size)
	b.Write(body)
}
