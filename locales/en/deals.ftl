# Deals: the cards of each board, dealing from a seed anyone can check (docs/deals.md).
deals-no-round = round { $round } has no boards
