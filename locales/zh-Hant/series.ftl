# 系列賽公開頁（docs/rules.md §14）
series-count-best-n = 每名選手計入最佳的 { $n } 場比賽。
series-count-all = 所有比賽都計入。
series-events = 比賽
series-no-events = 本系列賽尚無公開的比賽。
series-in-progress = 進行中
series-standings = 排名
series-no-standings = 尚無已結束的比賽。
series-col-player = 選手
series-col-events = 比賽數
series-col-points = 積分
series-col-butler = 巴特勒總分
series-not-public = （未公開的選手）
series-download = series.csv
series-rules = 名次積分 = 100 × (n − 名次 + 1) / n（n 為隊數）；並列名次平分積分。同分時比較：參賽較多者、巴特勒總分較高者、選手編號較小者。只計已結束且公開的比賽。

# 比賽所屬系列賽（總監頁）
series-nav = 系列賽
series-title = 系列賽
series-current = 屬於系列賽 { $name }
series-public-page = 系列賽公開頁
series-field-name = 名稱
series-field-slug = 網址名（小寫字母、數字、連字號）
series-field-count-best = 每名選手計入最佳的……場比賽
series-count-best-hint = 留空：所有比賽都計入。
series-field-series = 系列賽
series-save = 儲存
series-order = 比賽順序
series-unpublished = 未公開
series-up = 將 { $name } 上移
series-down = 將 { $name } 下移
series-leave = 讓本比賽退出系列賽
series-none = 本比賽不屬於任何系列賽。
series-join = 加入系列賽
series-join-button = 加入
series-new = 以本比賽新建系列賽
series-new-button = 建立系列賽
series-flash-saved = 系列賽已儲存。
series-print = 列印（PDF）
series-pdf-in-progress = 進行中：{ $events }。
