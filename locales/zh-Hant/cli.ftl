# 命令列（`fushi import`、`fushi export`、`fushi user`）：它列印英文。
cli-imported = 已匯入“{ $name }”，標識 { $slug }：{ $teams } 支隊伍，{ $rounds } 輪，{ $results } 個桌次結果
cli-read-as-gb18030 = （按 GB18030 而非 UTF-8 讀取：{ $files }）
cli-exported = 已將 { $slug } 匯出到 { $dir }：{ $files }
cli-wrote-sheets = 已將 { $count } 份表格寫入 { $dir }
cli-password-unreadable = 無法從標準輸入讀取密碼：{ $error }
cli-unknown-role = 未知角色 { $role }
cli-user-added = 已新增使用者 { $name }，角色為 { $role }
cli-password-set = 已設定 { $name } 的密碼
cli-password-generated = 為 { $name } 生成的密碼：{ $password }
