-- Company sign-in's domains are proven by DNS (issue 38): a listed domain
-- is claimed once the team published the TXT record
-- _salescoach-challenge.<domain> with its value, no longer by the owner's
-- test sign-in, which proved nothing about a domain (any owner could test
-- at a provider of their own with an address of another company's domain
-- and so claim it). Claims made the old way cannot be told from honest
-- ones, so every claim ends here and every company sign-in is switched
-- off: the owner publishes the record, presses 'Prüfen' and switches on
-- again. Enforcement lapses meanwhile (it needs the sign-in on), so nobody
-- is locked out. Identities linked under an old claim stay, but open
-- nothing until the team holds their account's domain again by DNS.
UPDATE team_sso_domains SET claimed = FALSE, claimed_at = NULL WHERE claimed;
UPDATE team_sso SET active = FALSE WHERE active;
