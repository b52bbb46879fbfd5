# Problems of archives, teams.csv uploads and stored results (src/input/why.rs).
# `Why`'s Display renders these English messages (logs, tests, the command line in English).
# Column, key and code names (team_no, decks, vp20) stay as they are in every language.
problems-missing-file = missing from the archive
problems-not-utf8 = is not UTF-8 text (nor GB18030): this line holds the first byte that is neither; save the file as UTF-8 (CSV UTF-8 in Excel)
problems-unclosed-quote = a quote (") opens a cell on this line and is never closed where a cell ends, so the lines after it would read as one cell: close it, or remove it
problems-missing-file-for = missing from the archive, and { $needed_by } needs it
problems-no-such-path = no such folder or file
problems-not-a-zip = not a readable .zip: { $error }
problems-zip-no-toml = the .zip holds no tournament.toml
problems-zip-many-toml = the .zip holds more than one tournament.toml
problems-failed = { $error }
problems-no-tournament = no tournament with this slug
problems-slug-taken = slug "{ $slug }" already exists: choose another slug or delete that tournament first
problems-toml-syntax = { $error }
problems-unknown-key = unknown key "{ $key }"
problems-required = { $key } is required
problems-must-be-string = { $key } must be a string in double quotes
problems-must-be-boolean = { $key } must be true or false
problems-must-be-whole-number = { $key } must be a whole number
problems-must-be-number = { $key } must be a number
problems-must-be-bands = { $key } must be a list of [minimum P, s] pairs of whole numbers
problems-must-be-win-draw-loss = { $key } must be three numbers: [win, draw, loss]
problems-must-be-tiebreaks = { $key } must be a list of tie-break names
problems-name-empty = name must not be empty
problems-slug-invalid = slug "{ $slug }" must be 1–64 characters of a–z, 0–9 and -
problems-slug-reserved = slug "{ $slug }" is reserved: /d/{ $slug } is a page of fushi; choose another
problems-decks-count = decks must be 1, 2 or 3, not { $decks }
problems-vp-blitz = vp_blitz must be greater than 0 and at most 100, not { $value }
problems-only-for-custom = { $key } is only for rules = "custom"
problems-custom-needs = rules = "custom" needs { $key }
problems-not-one-of = { $what } "{ $got }" is not one of { $allowed }
problems-rules-not-for-decks = rules "{ $rules }" does not exist for { $decks } deck(s); choose one of { $allowed } or custom
problems-step-out-of-range = takeover_at or step is out of range
problems-bands-empty = the band table has no bands
problems-bands-first-not-zero = the first band must start at P = 0, not { $value }
problems-bands-not-ascending = band minimums must ascend: { $previous } is followed by { $next }
problems-bands-step = step must be greater than 0, not { $value }
problems-bands-takeover = takeover_at must be 0 or more, not { $value }
problems-tiebreak-twice = tie-break { $tiebreak } is listed twice
problems-swiss-seed = swiss_seed must be a whole number from 0, not { $seed }
problems-two-decimals = { $key } has more than two decimals: { $value } (scores are kept to 0.01; write it with two decimals at most)
problems-correction-minutes = correction_minutes must be a whole number of minutes from 0 to { $max }, not { $minutes }
problems-unreadable-header = unreadable header: { $error }
problems-column-twice = column "{ $column }" appears twice
problems-unknown-column = unknown column "{ $column }"
problems-missing-column = missing column "{ $column }"
problems-cell-count = { $cells } cells, but the header has { $header }
problems-unreadable-row = unreadable row: { $error }
problems-empty = { $column } is empty
problems-too-small = { $column } { $value } must be { $min } or more
problems-not-whole-number = { $column } "{ $cell }" is not a whole number
problems-not-canonical = { $column } "{ $cell }" is not written as fushi writes it: write "{ $canonical }" (the export gives back exactly what was imported)
problems-team-twice = team { $team } is listed twice (first on line { $first })
problems-too-many-members = team { $team } has { $members } members; a team has at most { $max }
problems-board-twice = round { $round } board { $board } is listed twice (first on line { $first })
problems-round-without-boards = round { $round } has no boards in boards.csv
problems-unknown-team = unknown team { $team }: not in teams.csv
problems-plays-itself = team { $team } cannot play itself
problems-table-twice = round { $round } table { $table } is listed twice (first on line { $first })
problems-already-plays = team { $team } already plays in round { $round } (line { $first })
problems-no-table = round { $round } has no table { $table } in schedule.csv
problems-bye-no-results = round { $round } table { $table } is a bye for team { $team }: a bye has no results
problems-no-board = round { $round } has no board { $board } in boards.csv
problems-result-twice = round { $round } table { $table } { $room } room board { $board } is listed twice (first on line { $first })
problems-lineup-players = players must be two different members separated by ;, not "{ $cell }"
problems-not-a-member = { $player } is not a member of team { $team }
problems-not-at-table = team { $team } does not play at round { $round } table { $table }
problems-bye-no-lineup = round { $round } table { $table } is a bye for team { $team }: a bye has no line-up
problems-lineup-twice = round { $round } table { $table } { $room } room: team { $team } is listed twice (first on line { $first })
problems-not-multiple-of-5 = { $what ->
        [trick] trick points
       *[bottom] bottom points
    } { $value } is not a multiple of 5
problems-points-out-of-range = { $what ->
        [trick] trick points
       *[bottom] bottom points
    } { $value } is out of range 0–{ $max } for { $decks } { $decks ->
        [one] deck
       *[other] decks
    }
problems-points-exceed = trick points { $trick } + bottom points { $bottom } exceed the { $total } card points of { $decks } deck(s)
problems-combo-not-allowed = combination { $combo } is not possible with { $decks } deck(s); allowed: { $allowed }
problems-combo-missing = the defenders won the last trick: give its largest combination
problems-penalty = penalty { $value } must be a multiple of 5, from 0 to { $max }
problems-defender-total = defenders' total { $value } must be a multiple of 5, 0 or more
problems-no-result = no result: give trick_points, defender_total or a ruling
problems-both-rooms = { $player } already sits in the other room of this match (line { $first })
problems-combo-with-declarer = the declarers won the last trick: no combination (it doubles only the defenders' bottom)
problems-combo-without-last-trick = combination { $combo } but who won the last trick is not given: write defenders (the combination multiplies their bottom) or leave the combination empty
problems-combo-too-long = { $combo } is longer than one hand holds with { $decks } deck(s): L is at most { $max }
problems-ruling-range = ruling { $value } is outside the band table's range of s, { $min } to { $max }
problems-score-range = { $key } must be a number from -{ $max } to { $max }, not { $value }
problems-bands-too-large = { $what } must be at most { $max } (either sign for s), not { $value }
problems-too-large = { $column } { $value } must be { $max } or less
problems-zip-too-many = the .zip holds { $count } entries; an archive has at most { $max }
problems-zip-too-large = { $name } unpacks to more than { $limit } MiB, the most an archive may hold
problems-text-too-long = { $column } is longer than { $max } characters
problems-control-character = { $column } holds a control character (NUL, tab, line break…): remove it
problems-stage-required = stage { $stage }: { $key } is required
problems-stage-too-long = stage { $stage }: name is longer than { $max } characters
problems-stage-rounds-order = stage { $stage }: rounds must be [first, last] with 1 ≤ first ≤ last ≤ 999, not [{ $first }, { $last }]
problems-stage-not-consecutive = stage { $stage }: rounds must start at round { $expected } (stages are consecutive blocks from round 1, without gaps or overlap), not { $got }
problems-stage-format = stage { $stage }: format "{ $got }" is not one of round_robin, swiss, manual, groups, knockout
problems-stage-only-for = stage { $stage }: { $key } is only for format = "{ $format }"
problems-stage-knockout-first = stage { $stage }: a knockout takes its qualifiers from the stage before it, so it cannot be the first stage
problems-stage-knockout-not-last = stage { $stage }: a knockout must be the last stage
problems-stage-knockout-size = stage { $stage }: teams must be 2, 4, 8, 16 or 32, not { $got }
problems-stage-fewer-places = stage { $stage }: teams = { $teams } is fewer than the { $groups } groups before it; every group needs a place
problems-stage-third-place = stage { $stage }: a play-off for third needs semi-finals (teams = 4 or more)
problems-stage-segment = stage { $stage }: every knockout round has 1 to 999 segments
problems-stage-segments-count = stage { $stage }: a knockout of { $teams } has { $expected } knockout rounds, so segments lists { $expected } numbers, not { $got }
problems-stage-segments-sum = stage { $stage }: segments add up to { $sum } rounds, but the stage has { $rounds }
problems-stage-carry-over = stage { $stage }: { $key } must be a number from 0 to { $max } with at most four decimals, not { $value }
problems-stage-group-count = stage { $stage }: groups must list 1 to { $max } groups, not { $got }
problems-stage-group-small = stage { $stage }: group { $group } needs at least 2 teams
problems-stage-team-two-groups = stage { $stage }: team { $team } is in two groups
problems-stage-bad-team = stage { $stage }: { $got } is not a team number
problems-round-in-no-stage = round { $round } is in no stage: the stages end at round { $last }
problems-group-team-unknown = stage { $stage }: team { $team } of a group is not in teams.csv
problems-team-in-no-group = stage { $stage }: team { $team } is in no group
problems-across-groups = round { $round } is a round of groups, but teams { $home } and { $away } are in different groups
problems-knockout-before-qualifying = round { $round } is a knockout round, but the stage before the knockout is not complete, so its qualifiers are not known
problems-knockout-before-decided = round { $round } cannot be paired before every tie of knockout round { $ko } is decided
problems-not-the-tie = table { $table } of round { $round } must be the tie the results make it: { $home } v { $away }
problems-not-the-tie-bye = table { $table } of round { $round } must be the tie the results make it: { $home } with a bye
problems-tie-missing = round { $round } has no table { $table }, where the tie { $home } v { $away } plays
problems-tie-missing-bye = round { $round } has no table { $table }, where { $home } has its bye
problems-stage-shape-stages = stages must be [[stages]] tables, one per stage
problems-stage-shape-rounds = stage { $stage }: rounds must be [first, last], two whole numbers
problems-stage-shape-segments = stage { $stage }: segments must be a list of whole numbers, one per knockout round
problems-stage-shape-groups = stage { $stage }: groups must be a list of lists of team numbers, such as [[1, 4], [2, 3]]
problems-stage-shape-text = stage { $stage }: { $key } must be text in quotes
problems-stage-shape-whole = stage { $stage }: { $key } must be a whole number
problems-stage-shape-boolean = stage { $stage }: { $key } must be true or false
problems-stage-shape-number = stage { $stage }: { $key } must be a number
problems-no-such-tie = table { $table } of round { $round } seats no tie of the bracket
problems-stage-exchange-round = stage { $stage }: exchange { $exchange }: ko_round must be a knockout round from 1 to { $rounds }, not { $got }
problems-stage-exchange-teams = stage { $stage }: exchange { $exchange }: teams must be two different team numbers, such as [3, 6]
problems-stage-exchange-reason = stage { $stage }: exchange { $exchange }: give the reason, in 1 to { $max } characters
problems-stage-exchange-twice = stage { $stage }: exchange { $exchange }: team { $team } is already in an exchange of that knockout round
problems-stage-shape-exchanges = stage { $stage }: exchanges must be a list of inline tables, each with ko_round (a whole number), teams (two team numbers) and reason (text)
problems-exchange-not-in-round = stage { $stage }: exchange { $exchange }: team { $team } does not play knockout round { $ko } as the results stand, so the exchange cannot be made
problems-exchange-same-tie = stage { $stage }: exchange { $exchange }: the two teams already meet in one tie of knockout round { $ko }
problems-exchange-play-off = stage { $stage }: exchange { $exchange }: team { $team } plays the play-off for third, which no exchange reaches
problems-last-trick-missing = { $bottom } bottom points, but who won the last trick is not given: say who did (the bottom counts only for the defenders)

# deals.csv and the dealing seed (docs/rules.md §13)
problems-bad-card = { $column }: "{ $card }" is not a card (S, H, D or C followed by 2–10, J, Q, K or A; LJ; BJ)
problems-deal-hand-size = { $column } holds { $got } cards, not { $want }
problems-deal-bottom-size = bottom holds { $got } cards, not { $want }
problems-deal-card-count = { $card } appears { $got } times in the deal, not { $want }
problems-seed-empty = the seed is empty
problems-seed-too-long = the seed is longer than { $max } bytes
problems-seed-control = the seed holds a control character (a tab, a line break…)
problems-commitment = deal_commitment must be 64 lowercase hex digits (a SHA-256)
problems-seed-already-revealed = this seed is revealed already
problems-seed-nothing = there is no seed: set one (or type the seed the commitment was made for)
problems-seed-does-not-match = the seed does not match the published commitment
problems-seed-without-commitment = deal_seed is given without deal_commitment
problems-seed-unreleased = round { $round } board { $board }, dealt from this seed, is not released yet: reveal the seed once every room has played it (or the round's results are released), so that no board still to be played can be dealt from it
problems-seed-none-to-deal = fushi holds no secret seed to deal from: set a new seed first
problems-seed-revealed-deals-nothing = the seed is revealed, and a revealed seed deals nothing (anyone could work out the cards): set a new seed first
problems-seed-not-drawn = this seed was not drawn by fushi (it lacks 128 random bits, so it could be guessed): set a new seed first
problems-deal-cards-fixed = round { $round } has had a result, so its cards are fixed and are never dealt again (docs/deals.md)
problems-deal-every-round-fixed = every round has had a result, so every round's cards are fixed: there is nothing to deal
problems-seed-no-such-commitment = no seed of this tournament has this commitment
problems-deal-seeds-shape = deal_seeds must be [[deal_seeds]] tables, each with commitment, published, rounds and, once revealed, seed
problems-deal-seeds-both = seed { $entry } of [[deal_seeds]]: give either [[deal_seeds]] or the older deal_commitment and deal_seed, not both
problems-deal-seeds-commitment = seed { $entry } of [[deal_seeds]]: commitment must be 64 lowercase hex digits (a SHA-256)
problems-deal-seeds-published = seed { $entry } of [[deal_seeds]]: published must be a date and time with its offset, such as 2026-12-05T19:02:11+08:00
problems-deal-seeds-rounds = seed { $entry } of [[deal_seeds]]: rounds must list round numbers in ascending order, such as [1, 2, 3]
problems-deal-seeds-no-round = seed { $entry } of [[deal_seeds]]: round { $round } is not in boards.csv
problems-deal-seeds-round-twice = seed { $entry } of [[deal_seeds]]: round { $round } is listed under an earlier seed too; a round's cards come from one seed
problems-deal-seeds-deals-other = seed { $entry } of [[deal_seeds]]: the revealed seed does not deal round { $round } board { $board } as deals.csv has it
