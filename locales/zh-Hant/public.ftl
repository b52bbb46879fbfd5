# 賽事公開頁面：概況、排名、輪次、場次、參賽隊、下載。
pub-unpublished = 未公開
pub-unpublished-text = 本賽事尚未公開，裁判長仍在準備中。
pub-facts-teams = { $n }支隊
pub-facts-rounds = { $n }輪
pub-list-separator = 、
pub-versus = 對
pub-details = 詳情
pub-withdrawn = （已退賽）
pub-no-teams = 尚無參賽隊。
pub-no-rounds = 尚無輪次。
pub-no-matches = 尚無場次。
pub-pairings-soon = 第 { $round } 輪：對陣即將公佈
pub-no-boards = 尚無牌。

# 實時重新整理
pub-live = 實時
pub-live-text = 成績錄入後即時顯示在本頁。
pub-live-refresh = 立即重新整理
pub-live-updated = 更新於 { $time }

# 概況
pub-top-title = 排名前列
pub-full-standings = 完整排名 →
pub-all-rounds = 全部輪次
pub-all-teams = 全部參賽隊
pub-round-n = 第{ $n }輪
pub-table-n = 第{ $n }桌
pub-team-no = { $n }號隊
pub-round-count = { $n }場中已完成{ $done }場
pub-rules-title = 規則
pub-rules-cards = 用牌
pub-rules-decks = { $n }副牌：共{ $points }分，底牌{ $bottom }張
pub-rules-bands = 級數表
pub-rules-bands-text = { $name }；閒家總分達到{ $p }分即上台。
pub-rules-multiplier = 扣底倍數
pub-rules-scoring = 比賽積分
pub-rules-bye-title = 輪空
pub-rules-bye = 輪空得{ $score }分。
pub-bands-caption = 閒家總分P → 本桌級數s
pub-band-from = { $p }及以上
pub-band-step = 超過最後一檔後，每多{ $step }分，本桌級數再減1。
pub-preset-standard = 標準
pub-preset-no-level-takeover = 上台不升級
pub-preset-bands-20 = 每20分一檔
pub-preset-custom = 本賽事自定
pub-multiplier-exponential = 指數倍
pub-multiplier-line = { $name }：{ $items }
pub-multiplier-doubling = 翻倍
pub-combo-single = 單張
pub-combo-pair = 對子
pub-combo-tractor = { $n }連對拖拉機
pub-combo-triple = 三張
pub-combo-titanic = { $n }連三張
pub-scoring-vp20 = 20分制連續勝分（以級差代替IMP，係數{ $c }）
pub-scoring-wdl = 勝{ $w }分，平{ $d }分，負{ $l }分
pub-scoring-levels = 以本場級差M計分
pub-downloads-title = 下載
pub-downloads-text = 賽事資料CSV檔案（UTF-8），與檔案匯出的檔案完全相同。
pub-csv-standings = 排名
pub-csv-matches = 場次成績
pub-csv-swings = 逐副級差
pub-csv-results = 各桌成績
pub-csv-teams = 參賽隊
pub-csv-boards = 牌
pub-csv-schedule = 對陣表

# 破同分
pub-tiebreak-title = 排名規則
pub-tiebreak-intro = 按總{ $score }排名。{ $score }相同的隊依次按下列標準區分，每項只在仍然相同的隊之間比較：
pub-tiebreak-none = 不設破同分標準：同分者名次並列。
pub-tiebreak-head-to-head = 相互間比賽：同分各隊之間比賽所得的積分
pub-tiebreak-level-quotient = 級差商：所得級數 ÷ 所失級數
pub-tiebreak-level-diff = 總級差
pub-tiebreak-point-diff = 總分差
pub-tiebreak-boards-won = 勝副數
pub-tiebreak-shared = 仍然相同的隊名次並列（顯示為“3=”），按隊號排列。

# 排名
pub-provisional = 進行中：{ $rounds }。排名只計已完成的場次。
pub-standings-counts = 只計已完成的場次與輪空。級差商為∞：有得級而無失級。
pub-col-rank = 名次
pub-col-team = 隊
pub-col-team-no = 隊號
pub-col-played = 場數
pub-col-won = 勝
pub-col-won-long = 勝場
pub-col-drawn = 平
pub-col-drawn-long = 平局
pub-col-lost = 負
pub-col-lost-long = 負場
pub-col-score-vp20 = 勝分
pub-col-score-wdl = 積分
pub-col-score-levels = 積分
pub-col-level-diff = 級差
pub-col-quotient = 級差商
pub-col-point-diff = 分差
pub-col-boards-won = 勝副

# 輪次與場次
pub-round-not-started = 未開始
pub-round-in-progress = 進行中
pub-round-complete = 已結束
pub-round-bye = 輪空
pub-status-not-started = 尚無成績
pub-status-in-progress = 進行中
pub-status-complete = 已完成
pub-status-bye = 輪空
pub-col-round = 輪次
pub-col-state = 狀態
pub-col-boards = 牌數
pub-col-matches = 場次
pub-col-byes = 輪空
pub-col-table = 桌號
pub-col-home = 主隊
pub-col-away = 客隊
pub-col-compared = 已比較牌數
pub-col-levels = 級差
pub-col-points = 分差
pub-matches-title = 場次
pub-boards-title = 牌
pub-col-board = 牌號
pub-col-number = 牌號
pub-col-dealer = 莊家方位
pub-col-level = 級數
pub-col-trump = 主花色
pub-trump-at-table = 現場叫主
pub-trump-nt = 無主
pub-seat-n = 北
pub-seat-e = 東
pub-seat-s = 南
pub-seat-w = 西

# 一場比賽
pub-totals-title = 比賽結果
pub-compared-of = { $total }副牌中已有{ $n }副兩室都有成績。
pub-bye-text = { $team }本輪輪空，得{ $score }分。
pub-seating-title = 座位
pub-room-open = 開室
pub-room-closed = 閉室
pub-room-open-seats = { $team }坐南北
pub-room-closed-seats = { $team }坐東西
pub-pair-ns = 南北
pub-pair-ew = 東西
pub-pair-ns-long = 南北
pub-pair-ew-long = 東西
pub-col-declaring = 莊家方
pub-col-p = 閒家總分P
pub-col-result = 結果
pub-col-s = 本桌級數s
pub-col-swing = 級差
pub-swing-note = P為閒家總分，s為莊家方的本桌級數；級差為{ $team }在該副牌兩室合計的級數。
pub-total-levels = { $team }的總級差
pub-calc-bottom = 底分{ $k }×{ $m }
pub-calc-declarer-penalty = 莊家方罰{ $n }分
pub-calc-defender-penalty = 閒家罰{ $n }分
pub-calc-total-only = 僅記總分

# 參賽隊
pub-col-club = 俱樂部
pub-col-members = 隊員
pub-col-opponent = 對手
pub-col-side = 主客
pub-col-running = 累計
pub-side-home = 主隊
pub-side-away = 客隊
pub-side-bye = 輪空
pub-not-counted = （尚未計入）
pub-running-note = 累計只加已完成的場次與輪空，與排名一致。

pub-provisional-room = 第{ $table }桌（{ $room }）
pub-provisional-approval = 暫定（已在桌上確認，等待裁判批准）：{ $rooms }。
pub-provisional-until = 暫定：{ $time }前可更正，之後為最終成績。
pub-final = 最終成績。
pub-provisional-in-play = 暫定：本輪仍在進行，成績在更正期結束前可更正。
pub-provisional-mark = 暫定

## 長列表分頁與“查找我的隊”
pub-pages-standings = 排名分頁
pub-pages-teams = 參賽隊分頁
pub-pages-matches = 本輪對局分頁
pub-showing-standings = 第 { $from }–{ $to } 名，共 { $n } 隊
pub-showing-teams = 第 { $from }–{ $to } 隊，共 { $n } 隊
pub-showing-matches = 第 { $from }–{ $to } 場，共 { $n } 場
pub-whole-list = 完整列表
pub-find-title = 查找參賽隊
pub-find-label = 查找我的隊
pub-find-hint = 隊名、編號或俱樂部
pub-find-button = 查找
pub-find-number = { $number } 號
pub-find-none = 沒有與“{ $asked }”相符的參賽隊。可輸入隊名的一部分、隊號或俱樂部。
pub-find-several = 有 { $n } 支參賽隊與“{ $asked }”相符：
pub-find-more = 另有 { $n } 支也相符：請輸入更完整的隊名以縮小範圍。
pub-find-not-in-round = { $team } 在第 { $round } 輪沒有對局。

# A rated tournament (docs/rules.md §14).
pub-rated-note = 本賽事計入等級分：在此打過一副牌，選手的等級分和計分牌副即為公開，無論其選手頁面是否公開。
