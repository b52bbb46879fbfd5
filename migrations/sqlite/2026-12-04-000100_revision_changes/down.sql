DROP TABLE revision_changes;
