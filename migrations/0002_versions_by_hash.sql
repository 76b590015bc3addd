-- A definition's version is found by its content hash among all of the form's versions
-- (going back to an earlier definition reuses its version), so that lookup needs an index.
CREATE INDEX ${prefix}form_versions_form_hash ON ${prefix}form_versions(form_id, content_hash);
