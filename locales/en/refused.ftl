# Writes the stored tournament does not allow (the database layer's typed refusals)
refused-too-many-rounds = A tournament has at most { $max } rounds.
refused-round-not-next = Round { $round } cannot be added: the next round is { $next }.
refused-no-such-board = Round { $round } has no board { $board }.
refused-no-such-team = The tournament has no team { $team }.
refused-pairing-has-results = Round { $round } table { $table } has results: its pairing cannot change.
refused-bye-no-results = Round { $round } table { $table } is a bye: a bye has no results.
refused-result-twice = { $room ->
        [open] Open room
       *[closed] Closed room
    } board { $board } is given twice.
refused-team-not-at-table = Team { $team } does not play at round { $round } table { $table }.
refused-bye-no-lineup = Round { $round } table { $table } is a bye: a bye has no line-up.
refused-chosen-twice = { $room ->
        [open] Open room
       *[closed] Closed room
    }, team { $team }: { $player } is chosen twice.
refused-not-a-member = { $player } is not a member of team { $team }.
refused-both-rooms = { $player } cannot sit in both rooms of round { $round } table { $table }.
refused-lineup-twice = { $room ->
        [open] Open room
       *[closed] Closed room
    }, team { $team } is given twice.
refused-team-not-in-event = Round { $round } table { $table }: team { $team } is not in the event.
refused-board-not-in-round = Round { $round } table { $table }, { $room ->
        [open] open room
       *[closed] closed room
    }: board { $board } is not in the round.
refused-lineup-no-match = The line-up of team { $team } in round { $round } table { $table }: no such match or team.
refused-finish-unreleased = Round { $round } board { $board } is not released yet: the tournament can be marked finished once every board is.
refused-rated-admins-only = Only an administrator may say whether a tournament is rated.
refused-rated-has-results = The tournament already has results: whether it is rated can no longer change.
refused-rated-needs-published = A rated tournament must be published first.
refused-rated-needs-ends = A rated tournament needs an end date first.
refused-rated-stays-published = The tournament is rated: it cannot be unpublished.
refused-lineup-reason-needed = Round { $round } table { $table } already has a result in this rated tournament: give a reason for changing its line-up.
refused-lineup-fixed-at-table = Round { $round } table { $table } already has a result in this rated tournament: who sits stays as it was given; ask the director to change it.
refused-link-reason-needed = A member of team { $team } already sat in a room with a result in this rated tournament: give a reason for changing the links.
refused-series-slug = "{ $slug }" cannot be a series' address: 1–64 characters of a–z, 0–9 and -.
refused-series-name = A series needs a name of at most 200 characters, without control characters.
refused-series-count-best = "Count best" must be a positive whole number, or empty for every event.
refused-series-taken = There is already a series "{ $slug }".
refused-series-unknown = There is no series "{ $slug }".
refused-series-no-tournament = There is no tournament "{ $slug }".
refused-series-order = The new order must name each tournament of the series once.
