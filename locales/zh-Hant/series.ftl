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
