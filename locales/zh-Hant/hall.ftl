# The hall's network: the address the players' phones reach fushi by.
hall-loopback-title = 桌卡上的位址只指向這台電腦
hall-loopback-why = 這些桌卡上的連結將以 { $site } 開頭：這個位址的意思是「本機」，選手的手機掃碼後會在手機自己身上找 fushi，什麼也找不到。
hall-loopback-public-url = FUSHI_PUBLIC_URL 設成了這個位址。請把它設為手機能連到本機的位址（例如 http://192.168.1.23:8080，即筆電在場館 Wi-Fi 上的位址），然後重新啟動 fushi。
hall-loopback-do = 請任選一種做法，然後重新開啟本頁：
hall-loopback-step-lan = 以場館模式啟動 fushi：它在區域網路上監聽，並印出供選手手機使用的位址。
hall-loopback-step-public = 或者給出手機連到本機所用的位址（主機名稱或 Wi-Fi 位址）：
hall-loopback-step-open = 或者在 fushi 已在區域網路上監聽時，透過筆電的 Wi-Fi 位址（而不是 127.0.0.1 或 localhost）開啟本頁。
hall-loopback-readme = 指南中的「在笔记本上办一场俱乐部比赛」（docs/guide/evening.zh.md，簡體中文）逐步說明了做法，包括防火牆和手機。
hall-sheets-no-links = 這些記分表上沒有印各室的連結：本頁的位址（{ $site }）只能在本機開啟。請用 --lan 啟動 fushi，或設定 FUSHI_PUBLIC_URL。

# `fushi serve` at start.
hall-serve-here = 本機連到 fushi：{ $site }
hall-serve-phones = 選手手機連到：{ $site }
hall-serve-no-lan = 沒有找到區域網路：請連上場館的 Wi-Fi（或設定 FUSHI_PUBLIC_URL），選手的手機才能連到 fushi
hall-serve-loopback = 只有本機能開啟；要讓選手的手機連到，請用：fushi serve --lan
cli-help-serve-lan = 場館模式：在所有網路介面上監聽（0.0.0.0，連接埠取自 --bind），並印出供選手手機使用的位址。
cli-help-serve-public_url = 選手手機連到 fushi 所用的位址（http://192.168.1.23:8080 或 https://results.example），所有連結和 QR 碼都用它。

# A public base URL that is refused.
hall-url-refused = FUSHI_PUBLIC_URL：{ $why }
hall-url-scheme = 「{ $url }」不是以 http:// 或 https:// 開頭
hall-url-no-host = 「{ $url }」沒有主機名稱
hall-url-path = 「{ $url }」帶有路徑、查詢或片段；只需寫 http(s)://、主機名稱和連接埠
hall-url-port = 「{ $url }」的連接埠不是 1 到 65535 之間的數字
hall-url-character = 「{ $url }」含有空格或位址中不能出現的字元

# tournament.toml's date, place and zone.
problems-date = { $key } 的「{ $value }」不是日期（YYYY-MM-DD，TOML 日期，例如 2026-12-05）
problems-ends-before-starts = ends 早於 starts
problems-time-zone = time_zone 的「{ $zone }」不是時區（IANA 名稱，例如 Asia/Shanghai）
problems-must-be-date = { $key } 必須是日期，例如 2026-12-05

# The settings form: date, place and zone.
hall-settings-legend = 日期和地點
hall-settings-starts = 第一天
hall-settings-ends = 最後一天
hall-settings-venue = 地點
hall-settings-organiser = 主辦單位
hall-settings-zone = 時區
hall-settings-zone-hint = IANA 名稱，例如 Asia/Shanghai 或 Europe/London；賽事的所有時間都按此時區顯示。留空：本機的時區 { $zone }。
hall-settings-error-date = 請填寫日期（YYYY-MM-DD）。
hall-settings-error-ends = 最後一天早於第一天。
hall-settings-error-zone = 不是時區：請填寫 IANA 名稱，例如 Asia/Shanghai。

# The label of a page that shows times.
hall-times-in = 時間按 { $zone }。

# The home page by date; the overview's facts.
hall-home-upcoming = 即將舉行和進行中
hall-home-past = 已結束
hall-col-dates = 日期
hall-col-venue = 地點
hall-fact-dates = 日期
hall-fact-venue = 地點
hall-fact-organiser = 主辦單位

# The sheets' headers.
sheets-dates = 日期
sheets-venue = 地點

# The desk: figures while typing.
hall-running-swing = 目前級差：{ $team } { $levels }，已比較 { $boards } 副（按輸入內容，尚未儲存）

# The table page: entries kept on the phone.
hall-waiting = { $count } 副牌等待傳送：已儲存在本機，fushi 一恢復回應就自動傳送。
hall-sent = 已傳送：儲存在本機的牌已送達。

# Renewing a round's links asks first.
hall-renew-title = 要更新本輪的所有連結嗎？
hall-renew-text = 已列印的 { $count } 張桌卡將立即失效：第 { $round } 輪的每個室都會得到新連結，舊的 QR 碼和位址會顯示「找不到」。更新後請重新列印桌卡。
hall-renew-confirm = 更新全部 { $count } 個連結
hall-renew-cancel = 保留現有連結

# 裁判長的賽場總覽。
hall-tab = 賽場
hall-title = 第 { $round } 輪賽場
hall-counts = 各房間的狀態
hall-count-called = { $count } 個房間呼叫裁判
hall-count-to-approve = { $count } 個待您批准
hall-count-at-table = { $count } 個在桌上錄入
hall-count-idle = { $count } 個未開始
hall-count-done = { $count } 個已完成
hall-table = 第 { $table } 桌
hall-teams = { $home } 對 { $away }
hall-no-rooms = 本輪還沒有要打的比賽。
hall-flags-title = 該桌標記為「呼叫裁判」的牌；在房間頁面清除之前 ⚑ 一直保留
hall-wrong-codes = { $count } 次確認碼輸錯
hall-approve-clean = { $count ->
        [0] 沒有可批准的無標記、無呼叫的已確認房間
       *[other] 批准所有無標記、無呼叫的已確認房間（{ $count } 個）
    }
hall-passed-by = { $count } 個已確認房間有 ⚑ 或輸錯的確認碼：請親自查看。
hall-flash-approved = 所有無標記、無呼叫的已確認房間均已批准。
hall-flash-none-approved = 沒有等待批准的無標記、無呼叫的房間。
hall-calls-badge = ⚑ { $count } 個房間呼叫裁判
hall-call-line = 第 { $round } 輪第 { $table } 桌 { $room }
hall-to-hall = 去賽場總覽
table-approve-next = 批准，然後看下一個房間
table-clear-flags = 清除 ⚑
table-clear-flags-hint = 呼叫已處理：無論房間發生什麼，標記都會保留，直到您清除。
table-flash-flags-cleared = ⚑ 已清除。
table-room-approved = 裁判長於 { $at } 批准
audit-subject-room = 第 { $round } 輪第 { $table } 桌{ $room }

# 公佈對陣。
draw-title = 對陣
draw-held = 第 { $round } 輪的對陣尚未公開：公開頁面顯示「對陣即將公佈」。宣佈本輪時請公佈。
draw-published = 對陣已公開。
draw-publish = 公佈對陣
draw-hold = 暫不公開對陣
draw-flash-published = 對陣已公開。
draw-flash-held = 對陣已暫不公開：公眾看到「對陣即將公佈」。
draw-flash-already-published = 對陣原本已公開。
draw-flash-not-held = 本輪已有成績：對陣保持公開。
audit-subject-draw = 第 { $round } 輪對陣
table-settings-publish-draw = 新一輪的對陣儲存後立即公開
table-settings-publish-draw-hint = 不勾選：在您於本輪頁面點擊「公佈對陣」之前，公眾看到「對陣即將公佈」（儲存第一個成績時也會公開）。

# 發生了什麼，用文字說明。
words-trick-points = 得分 { $points }
words-defender-total = P { $points }（僅總分）
words-bottom = 底牌 { $bottom } 分
words-bottom-declarers = 底牌 { $bottom } 分，莊家贏得末輪
words-bottom-defenders = 底牌 { $bottom } 分，閒家{ $combo }贏得末輪
words-last-declarers = 莊家贏得末輪
words-last-defenders = 閒家{ $combo }贏得末輪
words-with-single = 以單張
words-with-pair = 以對子
words-with-triple = 以三張
words-with-tractor = 以{ $n }連對拖拉機
words-with-titanic = 以{ $n }連三張
words-declarer-penalty = 莊家罰分 { $points }
words-defender-penalty = 閒家罰分 { $points }
words-ruling = 裁判判定 s { $s }
words-flagged = ⚑ 第 { $boards } 副
words-draw-published = 已公開
words-draw-held = 暫不公開
words-table-who = 桌上連結 { $link }，{ $room }：{ $entered }於 { $at } 錄入，{ $confirmed }從 { $address } 確認
table-col-entered = 錄入內容

# A round locked against the tables, or released to the public, in the audit trail.
audit-subject-table-links = 第 { $round } 輪桌上錄入
audit-subject-release = 第 { $round } 輪成績
words-round-open = 各桌可錄入
words-round-locked = 已鎖定
words-round-withheld = 待各室打完再公開
words-round-released = 已向公眾公開
