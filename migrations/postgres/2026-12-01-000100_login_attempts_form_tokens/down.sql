DROP TABLE login_attempts;
DROP TABLE form_tokens;
