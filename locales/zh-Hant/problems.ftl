# 存檔、teams.csv 上傳和已錄成績的問題（src/input/why.rs）。
# 列名、鍵名和程式碼（team_no、decks、vp20）在各語言中保持原樣。
problems-missing-file = 存檔中缺少此檔案
problems-not-utf8 = 不是 UTF-8 文字（也不是 GB18030）：此行含有第一個無法識別的位元組；請將檔案另存為 UTF-8（Excel 中的「CSV UTF-8」）
problems-unclosed-quote = 此行有一個引號（"）開始了一個單元格，卻沒有在單元格結尾處閉合，其後各行會被讀成一個單元格：請補上或刪去該引號
problems-missing-file-for = 存檔中缺少此檔案，而 { $needed_by } 需要它
problems-no-such-path = 沒有這個資料夾或檔案
problems-not-a-zip = 不是可讀取的 .zip：{ $error }
problems-zip-no-toml = .zip 中沒有 tournament.toml
problems-zip-many-toml = .zip 中有不止一個 tournament.toml
problems-failed = { $error }
problems-no-tournament = 沒有使用此標識的賽事
problems-slug-taken = 標識“{ $slug }”已存在：請換一個標識，或先刪除那個賽事
problems-toml-syntax = TOML 語法錯誤：{ $error }
problems-unknown-key = 未知的鍵“{ $key }”
problems-required = 缺少 { $key }
problems-must-be-string = { $key } 必須是雙引號中的文字
problems-must-be-boolean = { $key } 必須是 true 或 false
problems-must-be-whole-number = { $key } 必須是整數
problems-must-be-number = { $key } 必須是數字
problems-must-be-bands = { $key } 必須是由 [最低 P, s] 整數對組成的列表
problems-must-be-win-draw-loss = { $key } 必須是三個數：[勝, 平, 負]
problems-must-be-tiebreaks = { $key } 必須是破同分規則名稱的列表
problems-name-empty = name 不能為空
problems-slug-invalid = 標識“{ $slug }”須為 1–64 個字元，只能使用 a–z、0–9 和 -
problems-slug-reserved = 標識“{ $slug }”已被保留：/d/{ $slug } 是 fushi 的頁面，請換一個
problems-decks-count = decks 必須是 1、2 或 3，而不是 { $decks }
problems-vp-blitz = vp_blitz 必須大於 0 且不超過 100，而不是 { $value }
problems-only-for-custom = { $key } 只用於 rules = "custom"
problems-custom-needs = rules = "custom" 需要 { $key }
problems-not-one-of = { $what }“{ $got }”不是以下之一：{ $allowed }
problems-rules-not-for-decks = { $decks } 副牌沒有計分表“{ $rules }”；請從 { $allowed } 或 custom 中選擇
problems-step-out-of-range = takeover_at 或 step 超出範圍
problems-bands-empty = 計分表沒有任何檔位
problems-bands-first-not-zero = 第一檔必須從 P = 0 開始，而不是 { $value }
problems-bands-not-ascending = 各檔最低分必須遞增：{ $previous } 之後是 { $next }
problems-bands-step = step 必須大於 0，而不是 { $value }
problems-bands-takeover = takeover_at 必須不小於 0，而不是 { $value }
problems-tiebreak-twice = 破同分規則 { $tiebreak } 出現了兩次
problems-swiss-seed = swiss_seed 必須是不小於 0 的整數，而不是 { $seed }
problems-two-decimals = { $key } 的小數超過兩位：{ $value }（分數精確到 0.01，請最多寫兩位小數）
problems-correction-minutes = correction_minutes 必須是 0 到 { $max } 之間的整數分鐘，而不是 { $minutes }
problems-unreadable-header = 無法讀取標題行：{ $error }
problems-column-twice = 列“{ $column }”出現了兩次
problems-unknown-column = 未知的列“{ $column }”
problems-missing-column = 缺少列“{ $column }”
problems-cell-count = 有 { $cells } 個單元格，但標題行有 { $header } 列
problems-unreadable-row = 無法讀取此行：{ $error }
problems-empty = { $column } 為空
problems-too-small = { $column } 為 { $value }，必須不小於 { $min }
problems-not-whole-number = { $column }“{ $cell }”不是整數
problems-not-canonical = { $column }“{ $cell }”不是 fushi 的寫法：請寫作“{ $canonical }”（匯出時原樣寫回匯入的內容）
problems-team-twice = { $team } 號隊出現了兩次（第一次在第 { $first } 行）
problems-too-many-members = { $team } 號隊有 { $members } 名隊員；每隊最多 { $max } 名
problems-board-twice = 第 { $round } 輪 { $board } 號牌出現了兩次（第一次在第 { $first } 行）
problems-round-without-boards = 第 { $round } 輪在 boards.csv 中沒有牌
problems-unknown-team = 未知的 { $team } 號隊：不在 teams.csv 中
problems-plays-itself = { $team } 號隊不能與自己比賽
problems-table-twice = 第 { $round } 輪第 { $table } 桌出現了兩次（第一次在第 { $first } 行）
problems-already-plays = { $team } 號隊在第 { $round } 輪已有比賽（第 { $first } 行）
problems-no-table = 第 { $round } 輪在 schedule.csv 中沒有第 { $table } 桌
problems-bye-no-results = 第 { $round } 輪第 { $table } 桌是 { $team } 號隊的輪空：輪空沒有成績
problems-no-board = 第 { $round } 輪在 boards.csv 中沒有 { $board } 號牌
problems-result-twice = 第 { $round } 輪第 { $table } 桌{ $room ->
        [open] 開室
       *[closed] 閉室
    } { $board } 號牌出現了兩次（第一次在第 { $first } 行）
problems-lineup-players = players 須為本隊兩名不同隊員，以 ; 分隔，而不是“{ $cell }”
problems-not-a-member = { $player } 不是 { $team } 號隊的隊員
problems-not-at-table = { $team } 號隊不在第 { $round } 輪第 { $table } 桌比賽
problems-bye-no-lineup = 第 { $round } 輪第 { $table } 桌是 { $team } 號隊的輪空：輪空沒有陣容
problems-lineup-twice = 第 { $round } 輪第 { $table } 桌{ $room ->
        [open] 開室
       *[closed] 閉室
    }：{ $team } 號隊出現了兩次（第一次在第 { $first } 行）
problems-not-multiple-of-5 = { $what ->
        [trick] 閒家得分
       *[bottom] 底分
    } { $value } 不是 5 的倍數
problems-points-out-of-range = { $what ->
        [trick] 閒家得分
       *[bottom] 底分
    } { $value } 超出 { $decks } 副牌的範圍 0–{ $max }
problems-points-exceed = 閒家得分 { $trick } 加底分 { $bottom } 超過了 { $decks } 副牌的 { $total } 分
problems-combo-not-allowed = { $decks } 副牌不可能出現 { $combo }；可選：{ $allowed }
problems-combo-missing = 閒家贏得最後一墩：請填寫其中最大的牌型
problems-penalty = 罰分 { $value } 必須是 5 的倍數，且在 0 到 { $max } 之間
problems-defender-total = 閒家總分 { $value } 必須是 5 的倍數，且不小於 0
problems-no-result = 沒有成績：請填寫 trick_points、defender_total 或裁判判定
problems-both-rooms = { $player } 已在本場比賽的另一室（第 { $first } 行）
problems-combo-with-declarer = 莊家贏得最後一墩：不填牌型（牌型只翻倍閒家摳底）
problems-combo-without-last-trick = 填了牌型 { $combo }，但未註明最後一墩由誰贏得：請寫 defenders（牌型翻倍閒家摳底），或不填牌型
problems-combo-too-long = { $combo } 超過 { $decks } 副牌時一手牌的長度：L 最多為 { $max }
problems-ruling-range = 裁判判定 { $value } 超出級差表 s 的範圍（{ $min } 到 { $max }）
problems-score-range = { $key } 必須是 -{ $max } 到 { $max } 之間的數，而不是 { $value }
problems-bands-too-large = { $what } 最多為 { $max }（s 取絕對值），而不是 { $value }
problems-too-large = { $column } 為 { $value }，必須不大於 { $max }
problems-zip-too-many = 該 .zip 含 { $count } 個條目；存檔最多 { $max } 個
problems-zip-too-large = { $name } 解壓後超過 { $limit } MiB，超出存檔允許的大小
problems-text-too-long = { $column } 超過 { $max } 個字元
problems-control-character = { $column } 含有控制字元（NUL、製表符、換行等）：請刪除
problems-stage-required = 第 { $stage } 階段：必須填寫 { $key }
problems-stage-too-long = 第 { $stage } 階段：name 超過 { $max } 個字元
problems-stage-rounds-order = 第 { $stage } 階段：rounds 必須為 [首輪, 末輪]，且 1 ≤ 首輪 ≤ 末輪 ≤ 999，而不是 [{ $first }, { $last }]
problems-stage-not-consecutive = 第 { $stage } 階段：rounds 必須從第 { $expected } 輪開始（各階段從第 1 輪起連續排列，不留空也不重疊），而不是 { $got }
problems-stage-format = 第 { $stage } 階段：format "{ $got }" 不是 round_robin、swiss、manual、groups、knockout 之一
problems-stage-only-for = 第 { $stage } 階段：{ $key } 僅用於 format = "{ $format }"
problems-stage-knockout-first = 第 { $stage } 階段：淘汰賽的出線隊來自上一階段，不能是第一個階段
problems-stage-knockout-not-last = 第 { $stage } 階段：淘汰賽必須是最後一個階段
problems-stage-knockout-size = 第 { $stage } 階段：teams 必須為 2、4、8、16 或 32，而不是 { $got }
problems-stage-fewer-places = 第 { $stage } 階段：teams = { $teams } 少於上一階段的 { $groups } 個小組；每個小組至少要有一個名額
problems-stage-third-place = 第 { $stage } 階段：三四名決賽需要準決賽（teams 至少為 4）
problems-stage-segment = 第 { $stage } 階段：每個淘汰輪有 1 至 999 節
problems-stage-segments-count = 第 { $stage } 階段：{ $teams } 隊的淘汰賽有 { $expected } 個淘汰輪，segments 應列出 { $expected } 個數，而不是 { $got } 個
problems-stage-segments-sum = 第 { $stage } 階段：segments 合計 { $sum } 輪，但該階段有 { $rounds } 輪
problems-stage-carry-over = 第 { $stage } 階段：{ $key } 必須是 0 至 { $max } 之間、最多四位小數的數，而不是 { $value }
problems-stage-group-count = 第 { $stage } 階段：groups 必須列出 1 至 { $max } 個小組，而不是 { $got } 個
problems-stage-group-small = 第 { $stage } 階段：{ $group } 組至少需要 2 支隊
problems-stage-team-two-groups = 第 { $stage } 階段：{ $team } 號隊同時在兩個小組
problems-stage-bad-team = 第 { $stage } 階段：{ $got } 不是隊號
problems-round-in-no-stage = 第 { $round } 輪不屬於任何階段：各階段到第 { $last } 輪為止
problems-group-team-unknown = 第 { $stage } 階段：小組中的 { $team } 號隊不在 teams.csv 中
problems-team-in-no-group = 第 { $stage } 階段：{ $team } 號隊不在任何小組
problems-across-groups = 第 { $round } 輪是小組賽，但 { $home } 號隊與 { $away } 號隊不在同一小組
problems-knockout-before-qualifying = 第 { $round } 輪是淘汰賽，但淘汰賽之前的階段尚未完成，出線隊還未確定
problems-knockout-before-decided = 第 { $round } 輪須等第 { $ko } 淘汰輪的每場對決分出勝負後才能編排
problems-not-the-tie = 第 { $round } 輪第 { $table } 桌必須是成績所決定的對決：{ $home } 對 { $away }
problems-not-the-tie-bye = 第 { $round } 輪第 { $table } 桌必須是成績所決定的對決：{ $home } 輪空
problems-tie-missing = 第 { $round } 輪缺少第 { $table } 桌，{ $home } 對 { $away } 的對決在此進行
problems-tie-missing-bye = 第 { $round } 輪缺少第 { $table } 桌，{ $home } 在此輪空
problems-stage-shape-stages = stages 必須是 [[stages]] 表，每個階段一個
problems-stage-shape-rounds = 第 { $stage } 階段：rounds 必須為 [首輪, 末輪]，兩個整數
problems-stage-shape-segments = 第 { $stage } 階段：segments 必須是整數列表，每個淘汰輪一個
problems-stage-shape-groups = 第 { $stage } 階段：groups 必須是隊號列表的列表，如 [[1, 4], [2, 3]]
problems-stage-shape-text = 第 { $stage } 階段：{ $key } 必須是帶引號的文字
problems-stage-shape-whole = 第 { $stage } 階段：{ $key } 必須是整數
problems-stage-shape-boolean = 第 { $stage } 階段：{ $key } 必須是 true 或 false
problems-stage-shape-number = 第 { $stage } 階段：{ $key } 必須是數字
problems-no-such-tie = 第 { $round } 輪第 { $table } 桌不是對陣表中的任何對決
problems-stage-exchange-round = 第 { $stage } 階段：第 { $exchange } 項調換：ko_round 必須是 1 到 { $rounds } 的淘汰輪，而不是 { $got }
problems-stage-exchange-teams = 第 { $stage } 階段：第 { $exchange } 項調換：teams 必須是兩個不同的隊號，例如 [3, 6]
problems-stage-exchange-reason = 第 { $stage } 階段：第 { $exchange } 項調換：請寫明理由（1 到 { $max } 個字）
problems-stage-exchange-twice = 第 { $stage } 階段：第 { $exchange } 項調換：{ $team } 號隊在這一淘汰輪已有一項調換
problems-stage-shape-exchanges = 第 { $stage } 階段：exchanges 必須是內聯表的列表，每個表含 ko_round（整數）、teams（兩個隊號）和 reason（文字）
problems-exchange-not-in-round = 第 { $stage } 階段：第 { $exchange } 項調換：按現有成績 { $team } 號隊不參加第 { $ko } 淘汰輪，無法調換
problems-exchange-same-tie = 第 { $stage } 階段：第 { $exchange } 項調換：兩隊在第 { $ko } 淘汰輪本已同場對決
problems-exchange-play-off = 第 { $stage } 階段：第 { $exchange } 項調換：{ $team } 號隊參加三四名決賽，不能調換
problems-last-trick-missing = 填了底分 { $bottom }，但未註明最後一墩由誰贏得：請註明（底分只在閒家贏得最後一墩時計入）

# deals.csv 與發牌種子（docs/rules.md §13）
problems-bad-card = { $column }：“{ $card }”不是一張牌（S、H、D 或 C 加 2–10、J、Q、K 或 A；LJ；BJ）
problems-deal-hand-size = { $column } 有 { $got } 張牌，應為 { $want } 張
problems-deal-bottom-size = 底牌有 { $got } 張，應為 { $want } 張
problems-deal-card-count = { $card } 在這副牌中出現 { $got } 次，應為 { $want } 次
problems-seed-empty = 種子為空
problems-seed-too-long = 種子超過 { $max } 位元組
problems-seed-control = 種子含有控制字元（定位字元、換行……）
problems-commitment = deal_commitment 必須是 64 位小寫十六進位數字（SHA-256）
problems-seed-already-revealed = 這個種子已經揭示
problems-seed-nothing = 還沒有種子：請設定一個（或輸入承諾所對應的種子）
problems-seed-does-not-match = 種子與已公布的承諾不符
problems-seed-without-commitment = 給出了 deal_seed 卻沒有 deal_commitment
problems-seed-unreleased = 第 { $round } 輪第 { $board } 副牌由此種子發出，尚未公開：請等每個房間都打完（或本輪成績已公開）後再揭示種子，以免還沒打的牌被算出
problems-seed-none-to-deal = fushi 沒有可以發牌的秘密種子：請先設一個新種子
problems-seed-revealed-deals-nothing = 種子已揭示，揭示過的種子不再發牌（人人都能算出牌）：請先設一個新種子
problems-seed-not-drawn = 這個種子不是 fushi 抽取的（缺少 128 位隨機數，可能被猜中）：請先設一個新種子
problems-deal-cards-fixed = 第 { $round } 輪已有成績，牌已固定，不會再發（見 docs/deals.md）
problems-deal-every-round-fixed = 每一輪都已有成績，牌都已固定：沒有可發的牌
problems-seed-no-such-commitment = 本賽事沒有這個承諾的種子
problems-deal-seeds-shape = deal_seeds 必須是 [[deal_seeds]] 表，每張含 commitment、published、rounds，揭示後還有 seed
problems-deal-seeds-both = [[deal_seeds]] 第 { $entry } 個種子：[[deal_seeds]] 與舊的 deal_commitment、deal_seed 只能二選一
problems-deal-seeds-commitment = [[deal_seeds]] 第 { $entry } 個種子：commitment 必須是 64 個小寫十六進位數字（SHA-256）
problems-deal-seeds-published = [[deal_seeds]] 第 { $entry } 個種子：published 必須是帶時區偏移的日期時間，例如 2026-12-05T19:02:11+08:00
problems-deal-seeds-rounds = [[deal_seeds]] 第 { $entry } 個種子：rounds 必須按升序列出輪次，例如 [1, 2, 3]
problems-deal-seeds-no-round = [[deal_seeds]] 第 { $entry } 個種子：boards.csv 裡沒有第 { $round } 輪
problems-deal-seeds-round-twice = [[deal_seeds]] 第 { $entry } 個種子：第 { $round } 輪也列在前面的種子下；一輪的牌只來自一個種子
problems-deal-seeds-deals-other = [[deal_seeds]] 第 { $entry } 個種子：揭示的種子發出的第 { $round } 輪第 { $board } 副牌與 deals.csv 不同
