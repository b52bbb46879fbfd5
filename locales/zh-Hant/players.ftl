# 選手名冊（docs/rules.md §14）：拒絕的理由。
players-id-shape = “{ $cell }”不是選手編號（P 加數字，如 P12）
players-id-leading-zero = “{ $cell }”不是選手編號：數字不能以 0 開頭
players-id-too-large = “{ $cell }”不是選手編號：數字太大
players-ever-used = { $id } 曾經發出過（其選手已合併或刪除），不再重新發放
players-id-twice = { $id } 在第 { $first } 行也出現了
players-federation-twice = 協會編號 { $number } 在第 { $first } 行也出現了
players-federation-taken = 協會編號 { $number } 屬於 { $holder }
players-public = public“{ $cell }”不是 yes 或 no
players-no-such-player = 名冊中沒有選手 { $id }
players-admins-only = 只有管理員可以合併、刪除或匯入選手
players-merge-same = { $id } 不能與自己合併
players-both-played = { $kept } 和 { $other } 都參加了 { $slug }：他們是兩個人
players-link-removed = { $id } 已從名冊中刪除：請把該隊員關聯到別的選手，或不關聯
players-link-name = 隊員「{ $member }」不是 { $id }（{ $name }）的姓名或第二姓名
players-link-twice = { $id } 關聯到了本隊的兩名隊員
players-none-named = 名冊中沒有名為「{ $name }」的選手：請填寫編號，或先新增該選手
players-several-named = 名冊中有多名選手名為「{ $name }」（{ $ids }）：請填寫編號
players-member-ids-count = member_ids 有 { $ids } 項，而隊員有 { $members } 名（每名隊員一項，未關聯的留空）
players-member-ids-empty = member_ids「{ $cell }」沒有關聯任何隊員：請把該格留空
players-lineup-ids = player_ids 為 { $player } 寫的是{ $given ->
        [none] 不關聯
       *[other] { $given }
    }，但 teams.csv 中 { $player } { $roster ->
        [none] 未關聯選手
       *[other] 關聯的是 { $roster }
    }
players-player-ids-count = player_ids 有 { $ids } 項，而選手是 2 名
players-rated-needs-published = 計入等級分的比賽必須公開（published = true）
players-rated-needs-ends = 計入等級分的比賽必須有結束日期（ends）

# fushi players …
cli-about-players = 本安裝的選手名冊（players.csv；計算等級分後另有 ratings.csv 和 rating_boards.csv）。
cli-about-players-import = 將 players.csv 合併進名冊：已知編號更新該選手；新編號若與名冊中某選手的協會編號相同則併入該選手；其他新編號按原樣建立（曾經發出過的編號除外）。全部成功或全部不做。
cli-about-players-export = 將名冊的 players.csv 以及 ratings.csv、rating_boards.csv 寫入資料夾（不存在則建立）。
cli-help-players-import-file = players.csv 檔案（UTF-8 或 GB18030）。
cli-help-players-export-dir = 要寫入的資料夾。
cli-players-imported = 已匯入 players.csv：新建 { $created }，更新 { $updated }，依協會編號合併 { $merged }，未變 { $unchanged }
cli-players-exported = 已將名冊匯出到 { $dir }：{ $files }

# fushi ratings …
cli-about-ratings = 選手等級分（docs/rules.md §14）：更新到最新；加 --recompute 則從零重算。
cli-help-ratings-recompute = 不論已存的結果，從零重算所有計入等級分且已結束的比賽。
cli-ratings-current = 等級分已是最新：{ $players } 名選手有等級分
cli-ratings-appended = 等級分已續算 { $tournaments } 個新比賽：{ $players } 名選手有等級分
cli-ratings-recomputed = 等級分已從零重算 { $tournaments } 個比賽：{ $players } 名選手有等級分

# fushi series …
cli-about-series = 系列賽（docs/rules.md §14）。
cli-about-series-export = 將系列賽的 series.csv（已結束比賽的排名）寫入資料夾（不存在則建立）。
cli-help-series-export-slug = 系列賽的網址名（slug）。
cli-help-series-export-dir = 要寫入的資料夾。
cli-help-series-export-count_best = 每名選手計入最佳的 N 個比賽（預設：系列賽的設定）。
cli-series-unknown = 沒有系列賽「{ $slug }」
cli-series-exported = 已將系列賽 { $slug } 匯出到 { $dir }：series.csv
