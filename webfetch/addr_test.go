package webfetch

import (
	"net/netip"
	"testing"
)

func TestIsPublic(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		// Public unicast.
		{"8.8.8.8", true},
		{"1.1.1.1", true},
		{"93.184.215.14", true},
		{"172.32.0.1", true},      // just above 172.16/12
		{"100.128.0.1", true},     // just above 100.64/10
		{"198.20.0.1", true},      // just above 198.18/15
		{"223.255.255.254", true}, // last unicast /8 below multicast
		{"2606:4700::1111", true}, // Cloudflare
		{"2001:4860:4860::8888", true},
		{"2a00:1450:4001:80b::200e", true},
		{"::ffff:8.8.8.8", true},            // IPv4-mapped public
		{"64:ff9b::808:808", true},          // NAT64 of 8.8.8.8
		{"2002:808:808::1", true},           // 6to4 of 8.8.8.8
		{"2001:0:808:808::f7f7:f7f7", true}, // Teredo: server 8.8.8.8, client ^f7f7f7f7 = 8.8.8.8

		// IPv4 forbidden classes.
		{"0.0.0.0", false},         // unspecified
		{"0.1.2.3", false},         // this network
		{"127.0.0.1", false},       // loopback
		{"127.255.255.254", false}, // loopback
		{"10.0.0.1", false},        // private
		{"172.16.0.1", false},      // private
		{"172.31.255.255", false},  // private
		{"192.168.1.1", false},     // private
		{"100.64.0.1", false},      // CGNAT
		{"100.127.255.254", false}, // CGNAT
		{"169.254.169.254", false}, // link-local / cloud metadata
		{"169.254.0.1", false},     // link-local
		{"192.0.0.1", false},       // IETF protocol assignments
		{"192.0.0.192", false},     // IETF protocol assignments (metadata on some clouds)
		{"192.0.2.1", false},       // TEST-NET-1
		{"198.51.100.7", false},    // TEST-NET-2
		{"203.0.113.9", false},     // TEST-NET-3
		{"198.18.0.1", false},      // benchmarking
		{"198.19.255.254", false},  // benchmarking
		{"192.88.99.1", false},     // 6to4 relay anycast
		{"224.0.0.1", false},       // multicast
		{"239.255.255.250", false}, // multicast (SSDP)
		{"240.0.0.1", false},       // reserved
		{"255.255.255.255", false}, // broadcast

		// IPv6 forbidden classes.
		{"::", false},                        // unspecified
		{"::1", false},                       // loopback
		{"fc00::1", false},                   // unique local
		{"fd12:3456:789a::1", false},         // unique local
		{"fe80::1", false},                   // link-local
		{"fe80::1%eth0", false},              // link-local with zone
		{"fec0::1", false},                   // deprecated site-local
		{"ff02::1", false},                   // multicast
		{"ff0e::1", false},                   // global multicast
		{"2001:db8::1", false},               // documentation
		{"3fff::1", false},                   // documentation (RFC 9637)
		{"100::1", false},                    // discard-only
		{"2001:10::1", false},                // ORCHID, IETF assignments
		{"5f00::1", false},                   // SRv6 SIDs, outside 2000::/3
		{"64:ff9b:1::a00:1", false},          // local-use NAT64
		{"::ffff:127.0.0.1", false},          // IPv4-mapped loopback
		{"::ffff:169.254.169.254", false},    // IPv4-mapped metadata
		{"::ffff:10.0.0.1", false},           // IPv4-mapped private
		{"::127.0.0.1", false},               // IPv4-compatible loopback
		{"::8.8.8.8", false},                 // IPv4-compatible, refused outright
		{"64:ff9b::7f00:1", false},           // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", false},        // NAT64 of 169.254.169.254
		{"64:ff9b::c0a8:101", false},         // NAT64 of 192.168.1.1
		{"2002:7f00:1::1", false},            // 6to4 of 127.0.0.1
		{"2002:a00:1::1", false},             // 6to4 of 10.0.0.1
		{"2002:a9fe:a9fe::1", false},         // 6to4 of 169.254.169.254
		{"2001:0:808:808::80ff:fffe", false}, // Teredo client ^80fffffe = 127.0.0.1
		{"2001:0:a00:1::f7f7:f7f7", false},   // Teredo server 10.0.0.1
	}
	for _, tt := range tests {
		addr, err := netip.ParseAddr(tt.addr)
		if err != nil {
			t.Fatalf("ParseAddr(%q): %v", tt.addr, err)
		}
		if got := IsPublic(addr); got != tt.want {
			t.Errorf("IsPublic(%s) = %v, want %v", tt.addr, got, tt.want)
		}
	}
	if IsPublic(netip.Addr{}) {
		t.Error("IsPublic(zero Addr) = true, want false")
	}
}

// The Allow list widens the guard only for the listed prefixes, compares
// IPv4-mapped addresses in IPv4 form and never admits a zoned address.
func TestAddrAllowed(t *testing.T) {
	c := New(Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}})
	for addr, want := range map[string]bool{
		"127.0.0.2":        true,
		"::ffff:127.0.0.2": true,
		"127.0.0.1":        false,
		"::1":              false,
		"8.8.8.8":          true,
		"10.0.0.1":         false,
	} {
		if got := c.addrAllowed(netip.MustParseAddr(addr)); got != want {
			t.Errorf("addrAllowed(%s) = %v, want %v", addr, got, want)
		}
	}
}

// control is the dialer hook; it must refuse forbidden addresses and ports
// and anything it cannot parse.
func TestControl(t *testing.T) {
	c := New(Config{})
	for _, tt := range []struct {
		network, address string
		ok               bool
	}{
		{"tcp4", "8.8.8.8:443", true},
		{"tcp6", "[2606:4700::1111]:80", true},
		{"tcp4", "8.8.8.8:22", false},
		{"tcp4", "127.0.0.1:80", false},
		{"tcp6", "[::1]:443", false},
		{"tcp6", "[fe80::1%eth0]:80", false},
		{"udp4", "8.8.8.8:443", false},
		{"tcp4", "example.com:80", false},
	} {
		err := c.control(t.Context(), tt.network, tt.address, nil)
		if (err == nil) != tt.ok {
			t.Errorf("control(%s, %s) = %v, want ok=%v", tt.network, tt.address, err, tt.ok)
		}
	}
}
