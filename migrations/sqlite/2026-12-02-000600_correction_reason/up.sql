-- Why the director changed a result after its round's correction period (empty otherwise).
ALTER TABLE audit_log ADD COLUMN reason TEXT NOT NULL DEFAULT '';
