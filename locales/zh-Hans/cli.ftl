# 命令行（`fushi import`、`fushi export`、`fushi user`）：它打印英文。
cli-imported = 已导入“{ $name }”，标识 { $slug }：{ $teams } 支队伍，{ $rounds } 轮，{ $results } 个桌次结果
cli-read-as-gb18030 = （按 GB18030 而非 UTF-8 读取：{ $files }）
cli-exported = 已将 { $slug } 导出到 { $dir }：{ $files }
cli-wrote-sheets = 已将 { $count } 份表格写入 { $dir }
cli-password-unreadable = 无法从标准输入读取密码：{ $error }
cli-unknown-role = 未知角色 { $role }
cli-user-added = 已添加用户 { $name }，角色为 { $role }
cli-password-set = 已设置 { $name } 的密码
cli-password-generated = 为 { $name } 生成的密码：{ $password }
