# The public page of a series (docs/rules.md §14)
series-count-best-n = Each player's best { $n } events count.
series-count-all = Every event counts.
series-events = Events
series-no-events = No published event in this series yet.
series-in-progress = in progress
series-standings = Standings
series-no-standings = No finished event yet.
series-col-player = Player
series-col-events = Events
series-col-points = Points
series-col-butler = Butler total
series-not-public = (player not shown)
series-download = series.csv
series-rules = Placing points = 100 × (n − place + 1) / n for n teams; shared places share the mean. Ties: more events, then the higher Butler total, then the lower player id. Finished, published events only.

# The director's page of a tournament's series
series-nav = Series
series-title = Series
series-current = In the series { $name }
series-public-page = The series' public page
series-field-name = Name
series-field-slug = Address (a–z, 0–9, -)
series-field-count-best = Count each player's best … events
series-count-best-hint = Empty: every event counts.
series-field-series = Series
series-save = Save
series-order = Order of the events
series-unpublished = not published
series-up = Move { $name } up
series-down = Move { $name } down
series-leave = Take this tournament out of the series
series-none = This tournament is in no series.
series-join = Join a series
series-join-button = Join
series-new = A new series with this tournament
series-new-button = Make the series
series-flash-saved = The series is saved.
series-print = Print (PDF)
series-pdf-in-progress = In progress: { $events }.
