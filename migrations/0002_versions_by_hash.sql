-- A definition's version is found by its content hash among all of the form's versions
-- (going back to an earlier definition reuses its version), so that lookup needs an index.
CREATE INDEX form_versions_form_hash ON form_versions(form_id, content_hash);
