# The hall's network: the address the players' phones reach fushi by.
hall-loopback-title = The cards would point at this laptop only
hall-loopback-why = The links on these cards would start with { $site }: that address means "this machine", so a player's phone that scans the code would look for fushi on itself and find nothing.
hall-loopback-public-url = FUSHI_PUBLIC_URL is set to that address. Set it to the address the phones reach this machine by (for example http://192.168.1.23:8080, the laptop's address on the hall's Wi-Fi) and start fushi again.
hall-loopback-do = Do one of these, then open this page again:
hall-loopback-step-lan = Start fushi for the hall: it listens on the local network and prints the address for the players' phones.
hall-loopback-step-public = Or give the address the phones reach this machine by (a name or the Wi-Fi address):
hall-loopback-step-open = Or, with fushi already listening on the local network, open this page through the laptop's Wi-Fi address instead of 127.0.0.1 or localhost.
hall-loopback-readme = The guide's "A club night on a laptop" (docs/guide/evening.md) walks it through, the firewall and a phone included.
hall-sheets-no-links = The rooms' links are left off these sheets: the address of this page ({ $site }) reaches this machine only. Start fushi with --lan, or set FUSHI_PUBLIC_URL.

# `fushi serve` at start.
hall-serve-here = fushi on this machine: { $site }
hall-serve-phones = players' phones: { $site }
hall-serve-no-lan = no local network found: join the hall's Wi-Fi (or set FUSHI_PUBLIC_URL) for the players' phones to reach fushi
hall-serve-loopback = only this machine can open it; for the players' phones: fushi serve --lan
cli-help-serve-lan = Serve the hall: listen on every interface (0.0.0.0, the port of --bind) and print the address for the players' phones.
cli-help-serve-public_url = The address the players' phones reach fushi by (http://192.168.1.23:8080 or https://results.example), used for every link and QR code.

# A public base URL that is refused.
hall-url-refused = FUSHI_PUBLIC_URL: { $why }
hall-url-scheme = "{ $url }" does not start with http:// or https://
hall-url-no-host = "{ $url }" has no host
hall-url-path = "{ $url }" has a path, query or fragment; give only http(s)://, the host and the port
hall-url-port = "{ $url }" has a port that is not a number from 1 to 65535
hall-url-character = "{ $url }" holds a space or a character that does not belong in an address

# tournament.toml's date, place and zone.
problems-date = { $key } "{ $value }" is not a date (YYYY-MM-DD, a TOML date such as 2026-12-05)
problems-ends-before-starts = ends is before starts
problems-time-zone = time_zone "{ $zone }" is not a time zone (an IANA name such as Asia/Shanghai)
problems-must-be-date = { $key } must be a date such as 2026-12-05

# The settings form: date, place and zone.
hall-settings-legend = Date and place
hall-settings-starts = First day
hall-settings-ends = Last day
hall-settings-venue = Venue
hall-settings-organiser = Organiser
hall-settings-zone = Time zone
hall-settings-zone-hint = An IANA name such as Asia/Shanghai or Europe/London; every time of the tournament is shown in it. Blank: this machine's zone, { $zone }.
hall-settings-error-date = Give a date (YYYY-MM-DD).
hall-settings-error-ends = The last day is before the first.
hall-settings-error-zone = Not a time zone: give an IANA name such as Asia/Shanghai.

# The label of a page that shows times.
hall-times-in = Times in { $zone }.

# The home page by date; the overview's facts.
hall-home-upcoming = Upcoming and under way
hall-home-past = Past
hall-col-dates = Date
hall-col-venue = Venue
hall-fact-dates = Date
hall-fact-venue = Venue
hall-fact-organiser = Organiser

# The sheets' headers.
sheets-dates = Date
sheets-venue = Venue

# The desk: figures while typing.
hall-running-swing = Swing so far: { $levels } for { $team }, over { $boards } compared boards (as typed, not saved yet)

# The table page: entries kept on the phone.
hall-waiting = { $count } boards waiting to be sent: kept on this phone, sent as soon as fushi answers again.
hall-sent = Sent: the boards kept on this phone have arrived.

# Renewing a round's links asks first.
hall-renew-title = Renew every link of this round?
hall-renew-text = { $count ->
        [one] 1 printed card stops
       *[other] { $count } printed cards stop
    } working at once: every room of round { $round } gets a new link, and the old QR codes and addresses answer "not found". Print the cards again afterwards.
hall-renew-confirm = Renew all { $count } links
hall-renew-cancel = Keep the links

# The director's hall view of a round.
hall-tab = Hall
hall-title = Round { $round } in the hall
hall-counts = Rooms by state
hall-count-called = { $count ->
        [one] 1 room calls the director
       *[other] { $count } rooms call the director
    }
hall-count-to-approve = { $count } waiting for your approval
hall-count-at-table = { $count } with the tables
hall-count-idle = { $count } not started
hall-count-done = { $count } done
hall-table = Table { $table }
hall-teams = { $home } v { $away }
hall-no-rooms = This round has no match to play yet.
hall-flags-title = Boards the table marked "call the director"; the ⚑ stays until you clear it on the room's page
hall-wrong-codes = { $count ->
        [one] 1 wrong team code
       *[other] { $count } wrong team codes
    }
hall-approve-clean = { $count ->
        [0] No confirmed room to approve without flags or calls
        [one] Approve the confirmed room without flags or calls
       *[other] Approve every confirmed room without flags or calls ({ $count })
    }
hall-passed-by = { $count ->
        [one] 1 confirmed room has a ⚑ or a wrong code: look at it yourself.
       *[other] { $count } confirmed rooms have a ⚑ or a wrong code: look at them yourself.
    }
hall-flash-approved = Every confirmed room without flags or calls is approved.
hall-flash-none-approved = No room was waiting for approval without flags or calls.
hall-calls-badge = { $count ->
        [one] ⚑ 1 room calls the director
       *[other] ⚑ { $count } rooms call the director
    }
hall-call-line = Round { $round }, table { $table }, { $room }
hall-to-hall = To the hall
table-approve-next = Approve, then the next room
table-clear-flags = Clear the ⚑
table-clear-flags-hint = The call is answered: the flag stays, whatever else happens to the room, until you clear it.
table-flash-flags-cleared = The ⚑ is cleared.
table-room-approved = Approved by the director at { $at }
audit-subject-room = round { $round } table { $table } { $room } room

# Publishing the draw.
draw-title = Pairings
draw-held = The pairings of round { $round } are not public yet: the public pages say "pairings soon". Publish them when you announce the round.
draw-published = The pairings are public.
draw-publish = Publish the pairings
draw-hold = Hold the pairings back
draw-flash-published = The pairings are public.
draw-flash-held = The pairings are held back: the public sees "pairings soon".
draw-flash-already-published = The pairings were public already.
draw-flash-not-held = The round has results: its pairings stay public.
audit-subject-draw = round { $round } pairings
table-settings-publish-draw = Publish a new round's pairings as soon as they are saved
table-settings-publish-draw-hint = Off: the public sees "pairings soon" until you press "Publish the pairings" on the round's page (the first result saved publishes them too).

# What happened, in words (the room's review, the stale save, the audit trail).
words-trick-points = trick points { $points }
words-defender-total = P { $points } (total only)
words-bottom = bottom { $bottom }
words-bottom-declarers = bottom { $bottom } won by the declarers
words-bottom-defenders = bottom { $bottom } won by the defenders { $combo }
words-last-declarers = last trick won by the declarers
words-last-defenders = last trick won by the defenders { $combo }
words-with-single = with a single
words-with-pair = with a pair
words-with-triple = with a triple
words-with-tractor = with a tractor of { $n } pairs
words-with-titanic = with { $n } consecutive triples
words-declarer-penalty = declarers' penalty { $points }
words-defender-penalty = defenders' penalty { $points }
words-ruling = director's ruling s { $s }
words-flagged = ⚑ boards { $boards }
words-draw-published = public
words-draw-held = held back
words-table-who = table link { $link }, { $room }: entered by { $entered } at { $at }, confirmed by { $confirmed } from { $address }
table-col-entered = Entered

# A round locked against the tables, or released to the public, in the audit trail.
audit-subject-table-links = round { $round } table entry
audit-subject-release = round { $round } results
words-round-open = open to the tables
words-round-locked = locked
words-round-withheld = withheld until every room has played
words-round-released = released to the public
