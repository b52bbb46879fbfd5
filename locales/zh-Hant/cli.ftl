# 命令列（`fushi import`、`fushi export`、`fushi user`）：依終端機的地區設定（locale）說話。
cli-imported = 已匯入“{ $name }”，標識 { $slug }：{ $teams } 支隊伍，{ $rounds } 輪，{ $results } 個桌次結果
cli-read-as-gb18030 = （按 GB18030 而非 UTF-8 讀取：{ $files }）
cli-exported = 已將 { $slug } 匯出到 { $dir }：{ $files }
cli-wrote-sheets = 已將 { $count } 份表格寫入 { $dir }
cli-password-unreadable = 無法從標準輸入讀取密碼：{ $error }
cli-unknown-role = 未知角色 { $role }
cli-user-added = 已新增使用者 { $name }，角色為 { $role }
cli-password-set = 已設定 { $name } 的密碼
cli-password-generated = 為 { $name } 生成的密碼：{ $password }

# `fushi --help`
cli-about = 升級（拖拉機）記副式複式賽計分。
cli-help-db = 資料庫：postgres:// 或 postgresql:// 位址，或 SQLite 檔案路徑（預設為目前目錄下的 fushi.db）。
cli-about-serve = 執行網頁應用程式（未指定命令時的預設操作）。
cli-help-serve-bind = 監聽位址。
cli-about-import = 從存檔資料夾或其 .zip 建立比賽（docs/rules.md §9）。
cli-help-import-path = 存檔資料夾或 .zip。
cli-about-export = 將比賽的存檔檔案寫入資料夾（不存在則建立）。
cli-help-export-slug = 比賽的網址名稱（slug）。
cli-help-export-outdir = 寫入的資料夾。
cli-help-export-sheets = 同時將每張記分表以 PDF 寫入 OUTDIR/sheets/。
cli-help-export-lang = 記分表的語言：zh（简体中文）、zh-Hant（繁體中文）或 en。
cli-lang-one-of = 應為 { $codes } 之一
cli-about-user = 管理帳戶：密碼從標準輸入讀取；標準輸入為空或為終端機時自動產生並顯示。
cli-about-user-add = 新增使用者。
cli-help-user-add-name = 使用者名稱。
cli-help-user-add-role = admin、director 或 scorer。
cli-about-user-password = 設定使用者的密碼（其登入隨之失效）。
cli-help-user-password-name = 使用者名稱。
cli-flag-help = 顯示此說明。
cli-flag-version = 顯示 fushi 的版本。
cli-about-help = 顯示 fushi 或其某個命令的說明。

# `fushi deal`（docs/deals.md）
cli-deal-seed-generated = 已產生秘密種子（只顯示這一次，請保存到公開之時）：{ $seed }
cli-dealt = 已為 { $slug } 發好 { $boards } 副牌
cli-deal-commitment = 承諾（請在比賽前公布）：{ $commitment }
cli-about-deal = 按 docs/deals.md 用秘密種子發每副牌（或某一輪的牌），並顯示種子的承諾。
cli-help-deal-slug = 賽事的標識。
cli-help-deal-seed = 秘密種子（一段文字）；不給時使用 fushi 已保存的種子，沒有則產生一個並只顯示一次。
cli-help-deal-round = 只發這一輪。
