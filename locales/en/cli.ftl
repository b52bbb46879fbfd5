# The command line (`fushi import`, `fushi export`, `fushi user`): it prints English.
cli-imported = imported "{ $name }" as { $slug }: { $teams } teams, { $rounds } rounds, { $results } table results
cli-read-as-gb18030 = { " " }(read as GB18030, not UTF-8: { $files })
cli-exported = exported { $slug } to { $dir }: { $files }
cli-wrote-sheets = wrote { $count } sheets to { $dir }
cli-password-unreadable = cannot read the password from stdin: { $error }
cli-unknown-role = unknown role { $role }
cli-user-added = user { $name } added as { $role }
cli-password-set = password of { $name } set
cli-password-generated = generated password for { $name }: { $password }
