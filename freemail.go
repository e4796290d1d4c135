package salescoach

// freeMailDomains are the mail domains of free-mail services and of
// consumer internet providers: anyone can get an address there, so none of
// them is one company's, and company sign-in never lists them
// (IsFreeMailDomain; issue 38). The list holds the providers people in the
// app's markets (Germany, Austria, Switzerland) and the large international
// ones actually use; a company's own domain hosted at one of these
// providers (a firma.de at IONOS, say) is not on it, because only the
// provider's own address domains are. Hosting and business-mail providers
// (ionos.de, strato.de) are left off for that reason too.
var freeMailDomains = map[string]bool{
	// Google, Microsoft, Yahoo, AOL, Apple.
	"gmail.com": true, "googlemail.com": true,
	"outlook.com": true, "outlook.de": true, "outlook.at": true, "hotmail.com": true, "hotmail.de": true,
	"hotmail.co.uk": true, "hotmail.fr": true, "hotmail.it": true, "hotmail.es": true, "live.com": true,
	"live.de": true, "live.at": true, "live.co.uk": true, "live.fr": true, "msn.com": true,
	"yahoo.com": true, "yahoo.de": true, "yahoo.at": true, "yahoo.co.uk": true, "yahoo.fr": true,
	"yahoo.it": true, "yahoo.es": true, "ymail.com": true, "rocketmail.com": true,
	"aol.com": true, "aol.de": true, "aim.com": true,
	"icloud.com": true, "me.com": true, "mac.com": true,
	// United Internet (GMX, WEB.DE, 1&1) and mail.com.
	"web.de": true, "gmx.de": true, "gmx.net": true, "gmx.at": true, "gmx.ch": true, "gmx.com": true,
	"gmx.eu": true, "gmx.org": true, "gmx.info": true, "gmx.biz": true, "gmx.fr": true, "gmx.co.uk": true,
	"online.de": true, "onlinehome.de": true, "1und1.de": true, "email.de": true, "mail.com": true,
	// German providers and ISPs.
	"t-online.de": true, "magenta.de": true, "freenet.de": true, "posteo.de": true, "posteo.net": true,
	"mail.de": true, "arcor.de": true, "vodafone.de": true, "vodafonemail.de": true, "kabelmail.de": true,
	"unitybox.de": true, "mailbox.org": true, "o2online.de": true,
	"ewetel.net": true, "netcologne.de": true, "versatel.de": true, "htp-tel.de": true, "osnanet.de": true,
	"emailn.de": true, "directbox.com": true, "smart-mail.de": true,
	// Austrian and Swiss providers and ISPs.
	"a1.net": true, "aon.at": true, "chello.at": true, "liwest.at": true, "kabsi.at": true,
	"bluewin.ch": true, "hispeed.ch": true, "sunrise.ch": true, "swissonline.ch": true,
	// Private-mail services.
	"proton.me": true, "protonmail.com": true, "protonmail.ch": true, "pm.me": true,
	"tutanota.com": true, "tutanota.de": true, "tutamail.com": true, "tuta.io": true, "tuta.com": true,
	"fastmail.com": true, "fastmail.fm": true, "hushmail.com": true, "zoho.com": true, "zohomail.eu": true,
	"gmx.us": true, "hey.com": true, "disroot.org": true, "runbox.com": true,
	// Other large international ones.
	"yandex.com": true, "yandex.ru": true, "mail.ru": true, "inbox.ru": true, "list.ru": true, "bk.ru": true,
	"qq.com": true, "163.com": true, "126.com": true, "naver.com": true,
	"orange.fr": true, "wanadoo.fr": true, "free.fr": true, "laposte.net": true, "sfr.fr": true,
	"libero.it": true, "virgilio.it": true, "tiscali.it": true, "seznam.cz": true, "wp.pl": true, "o2.pl": true,
	"interia.pl": true, "onet.pl": true,
	"btinternet.com": true, "sky.com": true, "virginmedia.com": true, "ntlworld.com": true,
	"comcast.net": true, "verizon.net": true, "att.net": true, "sbcglobal.net": true, "cox.net": true,
	"charter.net": true, "earthlink.net": true, "juno.com": true, "bigpond.com": true,
}
