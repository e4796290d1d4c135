package webfetch

import (
	"encoding/binary"
	"net/netip"
)

// forbiddenV4 lists the IPv4 ranges that are never public destinations. The
// classifier additionally requires IsGlobalUnicast, so the list only has to
// name what that predicate lets through; the obvious classes are listed anyway
// so that the list reads as the policy.
var forbiddenV4 = mustPrefixes(
	"0.0.0.0/8",       // "this network"; 0.0.0.0 reaches the local host on Linux
	"10.0.0.0/8",      // private (RFC 1918)
	"100.64.0.0/10",   // carrier-grade NAT (RFC 6598)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local, includes the cloud metadata address 169.254.169.254
	"172.16.0.0/12",   // private (RFC 1918)
	"192.0.0.0/24",    // IETF protocol assignments (RFC 6890), e.g. 192.0.0.192 metadata on some clouds
	"192.0.2.0/24",    // documentation TEST-NET-1
	"192.88.99.0/24",  // deprecated 6to4 relay anycast (RFC 7526)
	"192.168.0.0/16",  // private (RFC 1918)
	"198.18.0.0/15",   // benchmarking (RFC 2544)
	"198.51.100.0/24", // documentation TEST-NET-2
	"203.0.113.0/24",  // documentation TEST-NET-3
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, includes the broadcast address 255.255.255.255
)

// forbiddenV6 lists IPv6 ranges inside 2000::/3 (the only IPv6 space treated
// as public) that are still not public destinations. Everything outside
// 2000::/3 is refused without a list, except the translation prefixes that
// embed an IPv4 address and are judged by that address (see IsPublic).
var forbiddenV6 = mustPrefixes(
	"2001::/23",     // IETF protocol assignments (RFC 2928); Teredo 2001::/32 is decided before this
	"2001:db8::/32", // documentation
	"3fff::/20",     // documentation (RFC 9637)
)

// Translation prefixes whose addresses carry an IPv4 address that the traffic
// finally reaches; they are public only when that IPv4 address is.
var (
	nat64Prefix  = netip.MustParsePrefix("64:ff9b::/96") // well-known NAT64 (RFC 6052)
	sixToFour    = netip.MustParsePrefix("2002::/16")    // 6to4 (RFC 3056)
	teredoPrefix = netip.MustParsePrefix("2001::/32")    // Teredo (RFC 4380)
	globalV6     = netip.MustParsePrefix("2000::/3")     // global unicast
	compatV4     = netip.MustParsePrefix("::/96")        // deprecated IPv4-compatible IPv6, includes :: and ::1
)

func mustPrefixes(ss ...string) []netip.Prefix {
	ps := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		ps[i] = netip.MustParsePrefix(s)
	}
	return ps
}

// IsPublic reports whether addr is a public global unicast address, the only
// kind of address the Client connects to unless Config.Allow permits it.
//
// It refuses loopback, unspecified, private, carrier-grade NAT, link-local
// (including the metadata address 169.254.169.254), multicast, broadcast,
// reserved, benchmarking and documentation ranges, unique local and site-local
// IPv6, addresses with a zone, and every IPv6 form that embeds an IPv4
// address (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4, Teredo)
// when the embedded address is not public itself. IPv4-compatible addresses
// and the local-use NAT64 prefix 64:ff9b:1::/48 are refused outright.
func IsPublic(addr netip.Addr) bool {
	if !addr.IsValid() || addr.Zone() != "" {
		// A zone only makes sense for link-local addresses, which are refused
		// anyway; refusing here keeps the zone out of every later decision.
		return false
	}
	if addr.Is4In6() {
		// The kernel connects ::ffff:a.b.c.d to a.b.c.d, so judge that.
		return isPublic4(addr.Unmap())
	}
	if addr.Is4() {
		return isPublic4(addr)
	}
	return isPublic6(addr)
}

func isPublic4(a netip.Addr) bool {
	if !a.IsGlobalUnicast() {
		return false
	}
	for _, p := range forbiddenV4 {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

func isPublic6(a netip.Addr) bool {
	b := a.As16()
	switch {
	case compatV4.Contains(a):
		// Deprecated form no public host uses; some stacks still route it to
		// the embedded IPv4 address, so it is refused whatever it embeds.
		return false
	case nat64Prefix.Contains(a):
		return isPublic4(netip.AddrFrom4([4]byte(b[12:16])))
	case sixToFour.Contains(a):
		return isPublic4(netip.AddrFrom4([4]byte(b[2:6])))
	case teredoPrefix.Contains(a):
		// Bits 32..63 hold the Teredo server, the last 32 bits the client
		// address with every bit inverted; both must be public.
		server := netip.AddrFrom4([4]byte(b[4:8]))
		var client [4]byte
		binary.BigEndian.PutUint32(client[:], ^binary.BigEndian.Uint32(b[12:16]))
		return isPublic4(server) && isPublic4(netip.AddrFrom4(client))
	case !globalV6.Contains(a):
		// Outside 2000::/3 lie ::1, ::, fc00::/7, fe80::/10, fec0::/10,
		// ff00::/8, 100::/64, 64:ff9b:1::/48, 5f00::/16 and unassigned space.
		return false
	}
	for _, p := range forbiddenV6 {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
