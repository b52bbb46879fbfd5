# The director's tournaments, dashboard, settings and teams (/d, /d/{slug}, …/settings, …/teams).

## Tournament list and new tournament
director-list-title = Your tournaments
director-list-new = New tournament
director-list-empty = No tournaments yet. Create one, or import an archive.
director-new-title = New tournament
director-new-lead = Give the tournament a name and a short slug for its web address; every other setting has a usual default and can be changed later.
director-flash-created = Tournament created. Add its teams next.
director-flash-deleted = Tournament deleted.
director-flash-settings-saved = Settings saved. Scores and standings follow them at once.
director-form-errors = Nothing was saved. Please correct:

## Dashboard
director-dashboard-published = Public pages are shown
director-dashboard-unpublished = Not published: only you see it
director-dashboard-glance = At a glance
director-dashboard-withdrawn = ({ $count } withdrawn)
director-dashboard-matches = Matches complete
director-dashboard-of = of { $count }
director-dashboard-in-progress = { $count } in progress
director-dashboard-matches-col = Matches
director-dashboard-results = Table results
director-dashboard-links = Tournament pages
director-dashboard-to-rounds = Rounds and results
director-dashboard-to-teams = Teams
director-dashboard-to-settings = Settings
director-dashboard-to-archive = Archive
director-dashboard-to-public = Public pages
director-dashboard-rounds-title = Rounds
director-dashboard-no-rounds = No rounds yet.
director-dashboard-round = Round
director-dashboard-round-n = Round { $n }
director-dashboard-boards = Boards
director-dashboard-complete = Complete
director-dashboard-playing = In progress
director-dashboard-byes = Byes
director-dashboard-state = State
director-dashboard-state-unpaired = not paired yet
director-dashboard-state-not-started = not started
director-dashboard-state-in-progress = in progress
director-dashboard-state-complete = complete
director-dashboard-rules = { $name }; defenders take over from P = { $takeover }
director-dashboard-vp20 = 20-point VP scale (blitz { $blitz })
director-dashboard-wdl = win / draw / loss = { $win } / { $draw } / { $loss }
director-dashboard-change-settings = Change the settings

## Settings form
director-settings-title = Settings
director-settings-lead = Everything in tournament.toml. Changes take effect at once: scores and standings are recomputed from the results, never stored.
director-settings-save = Save settings
director-settings-general = Tournament
director-settings-name = Name
director-settings-slug = Slug (web address)
director-settings-slug-hint = 1–64 characters: a–z, 0–9 and -. It appears in every address of the tournament. Left blank on a new tournament, it is made from the name (春季杯 2026 → chun-ji-bei-2026).
director-settings-published = Published
director-settings-published-hint = Show the tournament on the public pages.
director-settings-cards = Cards and table score
director-settings-decks = Decks
director-settings-decks-option = { $decks ->
    [one] 1 deck
   *[other] { $decks } decks
  } ({ $total } card points)
director-settings-rules = Band table
director-settings-rules-standard = standard
director-settings-rules-no-level-takeover = standard, no level gained at the takeover
director-settings-rules-bands-20 = a level for every 20 points
director-settings-rules-custom = custom (edit the rows below)
director-settings-rules-only = { $name } (only { $decks } deck(s))
director-settings-bands = Custom band table
director-settings-bands-hint = Used when the band table is "custom". Each row: the lowest defenders' total P of the band and its table score s (positive: declarers go up; 0 or negative at or above the takeover mark: defenders take over). Beyond the last row, s falls by 1 for every step.
director-settings-takeover = Defenders take over from P =
director-settings-step = Step
director-settings-step-hint = Beyond the last row, s falls by 1 more for every step points.
director-settings-band-row = Row
director-settings-band-min = Minimum P
director-settings-band-s = s
director-settings-band-min-label = Minimum P, row { $row }
director-settings-band-s-label = s, row { $row }
director-settings-band-row-n = row { $row }
director-settings-band-remove = Remove
director-settings-band-add = Add a row
director-settings-preview-title = Preview: P → s
director-settings-preview-button = Preview
director-settings-preview-caption = { $decks ->
    [one] 1 deck
   *[other] { $decks } decks
  }, P from 0 to { $total }; defenders take over from P = { $takeover }
director-settings-preview-p = P
director-settings-preview-s = s
director-settings-preview-result = Result
director-settings-preview-invalid = No preview until the deck count and band table are valid.
director-settings-multiplier = Bottom multiplier
director-settings-multiplier-exponential = doubling per length: single 2, pair 4, tractor of L pairs 2 × 2 to the power L, triple 6, titanic of L triples 2 × 3 to the power L
director-settings-multiplier-doubling = flat: single 2, anything larger 4
director-settings-scoring = Match scoring
director-settings-method = Method
director-settings-scoring-vp20 = victory points on a 20-point scale, from the level difference
director-settings-scoring-wdl = fixed points for a win, a draw and a loss
director-settings-scoring-levels = the level difference itself
director-settings-blitz = Victory-point scale factor
director-settings-blitz-hint = Victory points only; usually 5.
director-settings-win = Win
director-settings-draw = Draw
director-settings-loss = Loss
director-settings-bye = Bye score
director-settings-bye-hint = Left blank: the method's default, 12 for victory points, the win's points for fixed points, 0 for the level difference.
director-settings-tiebreaks = Tie-breaks
director-settings-tiebreaks-hint = Applied in this order to teams level on score; each criterion at most once. Leave positions empty to use fewer.
director-settings-tiebreak-position = Tie-break { $n }
director-settings-tiebreak-none = (none)
director-settings-tiebreak-head-to-head = head to head
director-settings-tiebreak-level-quotient = level quotient
director-settings-tiebreak-level-diff = level difference
director-settings-tiebreak-point-diff = point difference
director-settings-tiebreak-boards-won = boards won
director-settings-conflicts-title = These settings contradict results already entered
director-settings-conflicts-lead = Nothing was saved. Correct or delete these results first, or keep the deck count and the band table:
director-settings-conflicts-more = … and { $count } more.
director-settings-conflict-place = Round { $round }, table { $table }, { $room } room, board { $board }
director-room-open = open
director-room-closed = closed
director-field-trick-points = trick points
director-field-bottom-points = bottom points
director-field-combo = last-trick combination
director-field-declarer-penalty = declaring side's penalty
director-field-defender-penalty = defenders' penalty
director-field-defender-total = defenders' total
director-field-ruling = ruling
director-settings-error-required = This field is required.
director-settings-error-long = At most { $max } characters.
director-settings-error-slug = Use 1–64 characters: a–z, 0–9 and -.
director-settings-error-slug-reserved = "{ $slug }" is the address of another page; choose another slug.
director-settings-error-slug-taken = Another tournament already uses the slug "{ $slug }".
director-settings-error-decks-cards-fixed = Round { $round } has had a result, so its cards are fixed: the number of decks cannot change (docs/deals.md).
director-settings-error-decks = Choose 1, 2 or 3 decks.
director-settings-error-rules = Choose a band table.
director-settings-error-preset = The band table “{ $preset }” does not exist for { $decks ->
    [one] 1 deck
   *[other] { $decks } decks
  }: choose { $choices }.
director-settings-error-whole = Enter a whole number, such as 40.
director-settings-error-decimal = Enter a number, such as 2 or 1.5.
director-settings-correction = Correction period (minutes)
director-settings-correction-hint = After a round is complete its results stay provisional this long; a correction at the desk after it needs a reason. Default 30; 0 makes results final at once.
director-settings-error-two-decimals = At most two decimals (scores are kept to 0.01).
director-settings-error-correction = A whole number of minutes from 0 to { $max }.
director-settings-error-blitz = Enter a number greater than 0 and at most 100.
director-settings-error-score-range = Enter a number between -{ $max } and { $max }.
director-settings-error-no-bands = A custom band table needs at least one row.
director-settings-error-first-band = The first row must start at P = 0.
director-settings-error-ascending = Minimums must ascend: { $next } comes after { $previous }.
director-settings-error-step = The step must be greater than 0.
director-settings-error-takeover = Enter 0 or more.
director-settings-error-choose-one = Choose one of the options.
director-settings-error-tiebreak-twice = { $name } is already used above.
director-settings-error-conflicts = Results already entered do not fit { $decks } deck(s): see the list above.
director-settings-error-conflicts-rulings = TD rulings already entered lie outside this band table's range of s: see the list above.

## Delete
director-delete-title = Delete this tournament
director-delete-lead = Deleting removes the tournament with all its teams, rounds, boards and results. It cannot be undone; export the archive first to keep a copy.
director-delete-link = Delete the tournament…
director-delete-what = It holds { $teams } team(s), { $rounds } round(s) and { $results } table result(s).
director-delete-type = To confirm, type the slug: { $slug }
director-delete-button = Delete for good
director-delete-error = That is not the slug. Type { $slug } exactly to delete.

## Teams
director-teams-title = Teams
director-teams-count = Teams ({ $count })
director-teams-empty = No teams yet: add them one by one above, or upload a teams.csv.
director-teams-add-title = Add a team
director-teams-add-button = Add team
director-teams-add-refused = The team was not added:
director-teams-number = No.
director-teams-name = Name
director-teams-club = Club
director-teams-members = Members
director-teams-members-hint = One per line (or separated by ;), up to 6.
director-teams-links = Players of the registry
director-teams-links-hint = Link a member to a registry player by the player's id (P12) or by a name that only that player has; the member's name must be the player's name or second name. Leave empty for a member not linked.
director-teams-link-member = Member { $position }: { $member }
director-teams-link-position = Member { $position }
director-teams-error-link-no-member = there is no member at this position
director-teams-number-locked = This team plays in a pairing, so its number cannot change.
director-teams-status = Status
director-teams-actions = Actions
director-teams-edit = Edit
director-teams-edit-title = Team { $number }
director-teams-withdraw = Withdraw
director-teams-reinstate = Reinstate
director-teams-withdrawn = withdrawn
director-teams-playing = playing
director-teams-entered = entered
director-teams-few = (members: { $count } of 4–6)
director-teams-withdraw-title = Withdraw or reinstate
director-teams-withdraw-lead = A withdrawn team keeps its results and its place in the standings, is marked as withdrawn everywhere, and is paired no more.
director-teams-upload-title = Upload teams.csv
director-teams-upload-hint = Columns team_no,name,club,members (members separated by ;). New numbers are added, existing numbers updated; with any problem nothing is saved.
director-teams-upload-file = teams.csv file
director-teams-upload-button = Upload
director-teams-upload-refused = Nothing was saved. Problems in the file:
director-teams-upload-none = Choose a teams.csv file to upload.
director-teams-error-number = Enter a team number from 1 to 99999.
director-teams-error-name = Enter the team's name.
director-teams-error-members = { $count } members: a team has at most { $max }.
director-teams-error-member-long = The member "{ $member }" is longer than { $max } characters.
director-teams-error-taken = Team { $number } already exists: choose another number, or edit that team.
director-teams-error-paired = This team plays in a pairing, so its number cannot change.
director-teams-flash-added = Team added.
director-teams-flash-saved = Team saved.
director-teams-flash-withdrawn = Team withdrawn. It keeps its results and is paired no more.
director-teams-flash-reinstated = Team reinstated.
director-teams-flash-uploaded = teams.csv uploaded: new teams added, existing teams updated.
director-settings-error-too-large = At most { $max } (either sign).
director-error-control-character = Control characters (NUL, tab, line break…) cannot be stored here: remove them.
director-teams-withdraw-confirm-title = Withdraw { $team }?
director-teams-withdraw-text = A withdrawn team is left out of the rounds paired from now on; its results so far stay, and it can be reinstated.
director-teams-withdraw-none-pending = It is not paired in a round that is still being played.
director-teams-withdraw-pending = It is paired in round { $round }, table { $table } (against { $opponent }), which is not complete. That match stays in the schedule as it is: enter what was played, or change the round's pairings on its Pairings page.
director-teams-withdraw-confirm = Withdraw the team
director-teams-withdraw-cancel = Cancel

# Series and ratings (docs/rules.md §14), on the settings page.
director-standing-title = Series and ratings
director-standing-lead = A series counts a tournament once it is finished; ratings count it when it is also rated.
director-standing-finished = Finished:
director-standing-finished-yes = yes — series and ratings count this tournament.
director-standing-finished-no = not yet.
director-standing-finished-hint = Mark it finished once every board is released. It can be marked unfinished again to correct a result.
director-standing-finish = Mark finished
director-standing-unfinish = Mark not finished
director-standing-rated = Rated:
director-standing-rated-yes = yes — its boards count for the players' ratings.
director-standing-rated-no = no.
director-standing-rated-hint = Only before the first result, on a published tournament with an end date. Playing a board in a rated tournament makes a player's rating and rated boards public; a rated tournament stays published.
director-standing-rate = Make it rated
director-standing-unrate = Make it unrated
director-standing-rated-admins = Only an administrator can change this.
director-standing-bad = Choose yes or no.
director-flash-finished = The tournament is marked finished.
director-flash-unfinished = The tournament is no longer marked finished.
director-flash-rated = The tournament is rated.
director-flash-unrated = The tournament is no longer rated.

# A rated tournament: a member's link changed after a result (docs/rules.md §14).
director-teams-reason = Reason for changing a link
director-teams-reason-hint = Needed in this rated tournament when a member whose link changes has already sat in a room with a result; the audit trail keeps it.
