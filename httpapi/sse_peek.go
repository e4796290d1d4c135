//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package httpapi

import (
	"net"
	"syscall"
)

// peerGone reports whether the client has closed its side of the stream
// (or reset it): a peek that does not wait finds the end of the data. A
// live client sends nothing on a stream, so the peek finds no data, and
// bytes it did send are left unread.
func peerGone(conn net.Conn) bool {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	var b [1]byte
	err = raw.Read(func(fd uintptr) bool {
		n, _, rerr := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case rerr == syscall.EAGAIN || rerr == syscall.EWOULDBLOCK || rerr == syscall.EINTR:
		case rerr != nil:
			gone = true
		case n == 0:
			gone = true // end of stream
		}
		return true // never wait
	})
	return gone || err != nil
}
