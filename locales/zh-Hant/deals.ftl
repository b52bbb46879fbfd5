# 牌：每副牌的牌張，用人人可驗證的種子發牌（docs/deals.md）。
deals-no-round = 第 { $round } 輪沒有牌
