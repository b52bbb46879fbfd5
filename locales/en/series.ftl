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
