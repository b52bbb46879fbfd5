# 牌：每副牌的牌张，用人人可验证的种子发牌（docs/deals.md）。
deals-no-round = 第 { $round } 轮没有牌
