# The public pages of a tournament: overview, standings, rounds, matches, teams, downloads.
pub-unpublished = Not published
pub-unpublished-text = This tournament is not published yet: the director is still preparing it.
pub-facts-teams = { $n } teams
pub-facts-rounds = { $n } rounds
pub-list-separator = {", "}
pub-versus = v
pub-details = Details
pub-withdrawn = (withdrawn)
pub-no-teams = No teams yet.
pub-no-rounds = No rounds yet.
pub-no-matches = No matches yet.
pub-pairings-soon = Round { $round }: pairings soon
pub-no-boards = No boards yet.

# Live refresh
pub-live = Live
pub-live-text = Results appear on this page as they are entered.
pub-live-refresh = Refresh now
pub-live-updated = Updated { $time }

# Overview
pub-top-title = Top of the standings
pub-full-standings = Full standings →
pub-all-rounds = All rounds
pub-all-teams = All teams
pub-round-n = Round { $n }
pub-table-n = Table { $n }
pub-team-no = Team { $n }
pub-round-count = { $done } of { $n } matches complete
pub-rules-title = Rules
pub-rules-cards = Cards
pub-rules-decks = { $n ->
    [1] 1 deck
   *[other] { $n } decks
}: { $points } card points, { $bottom } cards in the bottom
pub-rules-bands = Band table
pub-rules-bands-text = { $name }; the defenders take over from P = { $p }.
pub-rules-multiplier = Bottom multiplier
pub-rules-scoring = Match score
pub-rules-bye-title = Bye
pub-rules-bye = A bye scores { $score }.
pub-bands-caption = Defenders' total P → table score s
pub-band-from = { $p } or more
pub-band-step = Beyond the last band, s falls by 1 for every further { $step } points.
pub-preset-standard = standard
pub-preset-no-level-takeover = take over without a level
pub-preset-bands-20 = 20-point bands
pub-preset-custom = the tournament's own table
pub-multiplier-exponential = exponential
pub-multiplier-line = { $name }: { $items }
pub-multiplier-doubling = doubling
pub-combo-single = single
pub-combo-pair = pair
pub-combo-tractor = tractor of { $n } pairs
pub-combo-triple = triple
pub-combo-titanic = { $n } consecutive triples
pub-scoring-vp20 = VP on the continuous 20-point scale, with levels for IMPs (blitz factor { $c })
pub-scoring-wdl = win { $w }, draw { $d }, loss { $l }
pub-scoring-levels = the level difference M of the match
pub-downloads-title = Downloads
pub-downloads-text = The tournament's files as CSV (UTF-8), exactly as the archive export writes them.
pub-csv-standings = Standings
pub-csv-matches = Match results
pub-csv-swings = Swings board by board
pub-csv-results = Table results
pub-csv-teams = Teams
pub-csv-boards = Boards
pub-csv-schedule = Schedule

# Tie-breaks
pub-tiebreak-title = Ranking order
pub-tiebreak-intro = Teams are ranked by total { $score }. Teams level on it are separated by these criteria, in this order, each one applied within the group still level:
pub-tiebreak-none = No tie-breaks: teams level on it share their rank.
pub-tiebreak-head-to-head = head-to-head: the score in the matches between the tied teams
pub-tiebreak-level-quotient = level quotient: levels won ÷ levels lost
pub-tiebreak-level-diff = level difference
pub-tiebreak-point-diff = point difference
pub-tiebreak-boards-won = boards won
pub-tiebreak-shared = Teams still level share a rank, shown as 3=, and are listed by team number.

# Standings
pub-provisional = In progress: { $rounds }. The standings count complete matches only.
pub-standings-counts = Only complete matches and byes count. Level quotient ∞: levels won and none lost.
pub-col-rank = Rank
pub-col-team = Team
pub-col-team-no = No.
pub-col-played = Played
pub-col-won = W
pub-col-won-long = won
pub-col-drawn = D
pub-col-drawn-long = drawn
pub-col-lost = L
pub-col-lost-long = lost
pub-col-score-vp20 = VP
pub-col-score-wdl = Points
pub-col-score-levels = Score
pub-col-level-diff = Level diff.
pub-col-quotient = Quotient
pub-col-point-diff = Point diff.
pub-col-boards-won = Boards won

# Rounds and matches
pub-round-not-started = not started
pub-round-in-progress = in progress
pub-round-complete = complete
pub-round-bye = bye
pub-status-not-started = no result yet
pub-status-in-progress = in progress
pub-status-complete = complete
pub-status-bye = bye
pub-col-round = Round
pub-col-state = Status
pub-col-boards = Boards
pub-col-matches = Matches
pub-col-byes = Bye
pub-col-table = Table
pub-col-home = Home
pub-col-away = Away
pub-col-compared = Boards compared
pub-col-levels = Levels
pub-col-points = Points
pub-matches-title = Matches
pub-boards-title = Boards
pub-col-board = Board
pub-col-number = No.
pub-col-dealer = Dealer
pub-col-level = Level
pub-col-trump = Trump
pub-trump-at-table = declared at the table
pub-trump-nt = no trump
pub-seat-n = N
pub-seat-e = E
pub-seat-s = S
pub-seat-w = W

# One match
pub-totals-title = Result
pub-compared-of = { $n } of { $total } boards compared in both rooms.
pub-bye-text = { $team } has a bye in this round and scores { $score }.
pub-seating-title = Seating
pub-room-open = Open room
pub-room-closed = Closed room
pub-room-open-seats = { $team } North–South
pub-room-closed-seats = { $team } East–West
pub-pair-ns = NS
pub-pair-ew = EW
pub-pair-ns-long = North–South
pub-pair-ew-long = East–West
pub-col-declaring = Declaring side
pub-col-p = P
pub-col-result = Result
pub-col-s = s
pub-col-swing = Swing
pub-swing-note = P is the defenders' total, s the table score for the declaring side; the swing is the levels won by { $team } on the board over both rooms.
pub-total-levels = Level difference for { $team }
pub-calc-bottom = bottom { $k }×{ $m }
pub-calc-declarer-penalty = { $n } declarers' penalty
pub-calc-defender-penalty = { $n } defenders' penalty
pub-calc-total-only = total given

# One team
pub-col-club = Club
pub-col-members = Members
pub-col-opponent = Opponent
pub-col-side = Home/away
pub-col-running = Total
pub-side-home = home
pub-side-away = away
pub-side-bye = bye
pub-not-counted = (not counted yet)
pub-running-note = The total adds up complete matches and byes, as the standings do.

pub-provisional-room = table { $table } ({ $room })
pub-provisional-approval = Provisional (confirmed at the table, waiting for the director's approval): { $rooms }.
pub-provisional-until = Provisional: corrections until { $time }, final after that.
pub-final = Final.
pub-provisional-in-play = Provisional: the round is still being played; results may be corrected until its correction period has passed.
pub-provisional-mark = provisional

## Long lists a page at a time, and "find my team"
pub-pages-standings = Pages of the standings
pub-pages-teams = Pages of the list of teams
pub-pages-matches = Pages of the round's matches
pub-showing-standings = Ranks { $from }–{ $to } of { $n }
pub-showing-teams = Teams { $from }–{ $to } of { $n }
pub-showing-matches = Matches { $from }–{ $to } of { $n }
pub-whole-list = Whole list
pub-find-title = Find a team
pub-find-label = Find your team
pub-find-hint = Name, number or club
pub-find-button = Find
pub-find-number = No. { $number }
pub-find-none = No team matches “{ $asked }”. Try part of the name, the team's number or its club.
pub-find-several = { $n } teams match “{ $asked }”:
pub-find-more = { $n } more match too: type more of the name to narrow the search.
pub-find-not-in-round = { $team } has no match in round { $round }.

# A rated tournament (docs/rules.md §14).
pub-rated-note = This tournament is rated: playing a board here makes a player's rating and rated boards public, whether or not their player page is.
