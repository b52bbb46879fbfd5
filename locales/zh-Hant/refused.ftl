# Writes the stored tournament does not allow (the database layer's typed refusals)
refused-too-many-rounds = 一個比賽最多 { $max } 輪。
refused-round-not-next = 無法新增第 { $round } 輪：下一輪是第 { $next } 輪。
refused-no-such-board = 第 { $round } 輪沒有 { $board } 號牌。
refused-no-such-team = 本比賽沒有 { $team } 號隊。
refused-pairing-has-results = 第 { $round } 輪第 { $table } 桌已有成績：其對陣不能更改。
refused-bye-no-results = 第 { $round } 輪第 { $table } 桌是輪空：輪空沒有成績。
refused-result-twice = { $room ->
        [open] 開室
       *[closed] 閉室
    } { $board } 號牌出現了兩次。
refused-team-not-at-table = { $team } 號隊不在第 { $round } 輪第 { $table } 桌比賽。
refused-bye-no-lineup = 第 { $round } 輪第 { $table } 桌是輪空：輪空沒有陣容。
refused-chosen-twice = { $room ->
        [open] 開室
       *[closed] 閉室
    }，{ $team } 號隊：{ $player } 被選了兩次。
refused-not-a-member = { $player } 不是 { $team } 號隊的隊員。
refused-both-rooms = { $player } 不能同時坐在第 { $round } 輪第 { $table } 桌的開閉兩室。
refused-lineup-twice = { $room ->
        [open] 開室
       *[closed] 閉室
    }：{ $team } 號隊出現了兩次。
refused-team-not-in-event = 第 { $round } 輪第 { $table } 桌：{ $team } 號隊不在本比賽中。
refused-board-not-in-round = 第 { $round } 輪第 { $table } 桌{ $room ->
        [open] 開室
       *[closed] 閉室
    }：{ $board } 號牌不在該輪中。
refused-lineup-no-match = 第 { $round } 輪第 { $table } 桌 { $team } 號隊的陣容：沒有這場比賽或這支隊伍。
refused-finish-unreleased = 第 { $round } 輪第 { $board } 副牌尚未公佈：所有牌都公佈後才能標記比賽結束。
refused-rated-admins-only = 只有管理員可以設定比賽是否計入等級分。
refused-rated-has-results = 比賽已有成績：是否計入等級分不能再改。
refused-rated-needs-published = 計入等級分的比賽必須先公開。
refused-rated-needs-ends = 計入等級分的比賽必須先填寫結束日期。
refused-rated-stays-published = 本比賽計入等級分：不能取消公開。
refused-lineup-reason-needed = 在這場計入等級分的比賽中，第 { $round } 輪第 { $table } 桌已有成績：更改其上場名單須說明理由。
refused-lineup-fixed-at-table = 在這場計入等級分的比賽中，第 { $round } 輪第 { $table } 桌已有成績：上場名單保持原樣；如需更改，請找裁判長。
refused-link-reason-needed = 在這場計入等級分的比賽中，{ $team } 號隊已有隊員在有成績的房間上場：更改關聯須說明理由。
refused-series-slug = 「{ $slug }」不能作為系列賽的網址：須為 1–64 個小寫拉丁字母、數字或連字號。
refused-series-name = 系列賽須有名稱，不超過 200 個字元，不含控制字元。
refused-series-count-best = 「計入最佳成績數」須為正整數，留空則計入全部比賽。
refused-series-taken = 已有系列賽「{ $slug }」。
refused-series-unknown = 沒有系列賽「{ $slug }」。
refused-series-no-tournament = 沒有比賽「{ $slug }」。
refused-series-order = 新順序須將系列賽的每個比賽各列一次。
