PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE forms (id integer PRIMARY KEY, title text);
INSERT INTO forms VALUES(1,'the service''s own form');
CREATE TABLE formctl_formctl_schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO formctl_formctl_schema_migrations VALUES(1,'0001_init.sql','36bfa101d6dab5db45dcdec5110fe9acdfc5ec5221c11263682efa9862386d7d','2026-11-24T21:12:57.169Z');
INSERT INTO formctl_formctl_schema_migrations VALUES(2,'0002_versions_by_hash.sql','449d749ea4e233894c2b4451fbe78649f1ea359a5ce0066ba96654e3d44aeb66','2026-11-24T21:12:57.170Z');
INSERT INTO formctl_formctl_schema_migrations VALUES(3,'0003_updated_at_index.sql','21b7bdf6aa4c4ec02bdd73404b822db58709208ab305a5e1c87c4afb1c19296a','2026-11-24T21:12:57.170Z');
CREATE TABLE formctl_forms (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO formctl_forms VALUES(1,'signup');
INSERT INTO formctl_forms VALUES(2,'registration');
CREATE TABLE formctl_form_versions (
    id              INTEGER PRIMARY KEY,
    form_id         INTEGER NOT NULL REFERENCES formctl_forms(id),
    version         INTEGER NOT NULL CHECK (version >= 1),
    content_hash    TEXT NOT NULL,
    definition_json TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    UNIQUE (form_id, version),
    -- Target of the submissions foreign key below, which keeps form_id and
    -- form_version_id of a submission consistent.
    UNIQUE (form_id, id)
);
INSERT INTO formctl_form_versions VALUES(1,1,1,'78573c143b3e64db12b7740c076e66fe801a3b2a93f9da8094e1fe6ecf154ffa','{"title":"Sign up","grouped":true,"controllerName":"SignupController","sections":[{"title":"About you","footer":"We never share your email.","elements":[{"type":"entry","key":"name","title":"Name","placeholder":"Ada Lovelace","required":true,"minLength":2,"maxLength":80,"transform":["trim","collapseWhitespace"],"autocapitalizationType":"Words","bind":"textValue:user.name"},{"type":"entry","key":"email","title":"Email","placeholder":"ada@example.com","keyboardType":"EmailAddress","required":true,"transform":["trim","lowercase"],"validate":[{"rule":"email"}],"bind":"textValue:user.email"},{"type":"date","key":"birthDate","title":"Birth date","mode":"Date","minimumDate":"1900-01-01","maximumDate":"2012-12-31"}]},{"title":"Password","elements":[{"type":"entry","key":"password","title":"Password","secureTextEntry":true,"required":true,"minLength":8,"validate":[{"rule":"matches","field":"passwordConfirmation","message":"does not match the confirmation"}]},{"type":"entry","key":"passwordConfirmation","title":"Confirm password","secureTextEntry":true,"required":true}]},{"title":"Plan","elements":[{"type":"radio","key":"plan","title":"Plan","items":["Free","Pro","Team"],"values":["free","pro","team"],"selected":0},{"type":"entry","key":"company","title":"Company","placeholder":"Required for the Team plan","hidden":"@{plan != ''team''}","required":"@{plan == ''team''}"},{"type":"decimal","key":"seats","title":"Seats","fractionDigits":0,"minimumValue":2,"maximumValue":500,"numberValue":5,"hidden":"@{plan != ''team''}","required":"@{plan == ''team''}"},{"type":"boolean","key":"newsletter","title":"Send me the newsletter","boolValue":false}]},{"title":"Guests","footer":"People you would like to invite.","bind":"iterate:guests","addTitle":"Add a guest","maximumItems":10,"elementTemplate":{"type":"entry","key":"email","title":"Guest email","placeholder":"friend@example.com","bind":"textValue:email","transform":["trim","lowercase"],"validate":[{"rule":"email"}]}},{"elements":[{"type":"label","title":"Summary","value":"@{name.count > 0 ? ''Welcome, \\(name)!'' : ''Welcome!''}"},{"type":"button","key":"submit","title":"Create account","controllerAction":"submit"}]}]}','2026-11-24T21:12:57.177Z');
INSERT INTO formctl_form_versions VALUES(2,2,1,'ca4e2775c479fe6275f3beb3305c0b80c8a21d2e5e4315002bb97e3c3c40e0d8','{"title":"Conference registration","sections":[{"title":"Attendee","elements":[{"type":"entry","key":"name","title":"Name","required":true,"minLength":2,"maxLength":80,"transform":["trim","collapseWhitespace"]},{"type":"entry","key":"email","title":"Email","required":true,"transform":["trim","lowercase"],"validate":[{"rule":"email"}]},{"type":"entry","key":"emailConfirmation","title":"Email again","required":true,"transform":["trim","lowercase"],"validate":[{"rule":"matches","field":"email","message":"does not match the email"}]},{"type":"radio","key":"ticket","title":"Ticket","items":["Standard","Student","Speaker"],"values":["standard","student","speaker"],"selected":0},{"type":"entry","key":"university","title":"University","hidden":"@{ticket != ''student''}","required":"@{ticket == ''student''}"},{"type":"date","key":"arrival","title":"Arrival","mode":"Date","required":true,"minimumDate":"2026-01-01","maximumDate":"2026-12-31"},{"type":"date","key":"departure","title":"Departure","mode":"Date","required":true,"validate":[{"rule":"expression","test":"@{departure >= arrival}","message":"must be on or after the arrival"}]}]},{"title":"Workshops","bind":"iterate:workshops","maximumItems":5,"elementTemplate":{"type":"entry","key":"title","title":"Workshop","bind":"textValue:title","required":true,"maxLength":60,"transform":["trim"]}},{"elements":[{"type":"label","title":"Summary","value":"@{name} (@{ticket}), @{workshops.count} workshops"},{"type":"button","key":"register","title":"Register","controllerAction":"submit"}]}]}','2026-11-24T21:12:57.243Z');
CREATE TABLE formctl_submissions (
    id              INTEGER PRIMARY KEY,
    uuid            TEXT NOT NULL UNIQUE,
    form_id         INTEGER NOT NULL,
    form_version_id INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('draft', 'final')),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    values_json     TEXT NOT NULL,
    FOREIGN KEY (form_id, form_version_id) REFERENCES formctl_form_versions(form_id, id)
);
INSERT INTO formctl_submissions VALUES(1,'40dee432-491c-4ffb-bd6b-875a9a862a47',1,1,'final','2026-11-24T21:12:57.177Z','2026-11-24T21:12:57.177Z','{"name":"Prefixed Person","email":"prefixed@example.com","birthDate":null,"plan":"free","newsletter":false,"guests":[{"email":"guest@example.com"}]}');
INSERT INTO formctl_submissions VALUES(2,'51df3d03-af47-4686-ad6b-09eed8b7a894',1,1,'draft','2026-11-24T21:12:57.211Z','2026-11-24T21:12:57.211Z','{"name":"Prefixed Draft","email":null,"birthDate":null,"plan":"free","newsletter":false}');
INSERT INTO formctl_submissions VALUES(4,'8233133c-8e32-4ed4-9fe2-e278ffcbac76',2,2,'final','2026-11-24T21:12:57.276Z','2026-11-24T21:12:57.276Z','{"name":"Zhang Wěi","email":"wei@example.cn","emailConfirmation":"wei@example.cn","ticket":"standard","arrival":"2026-06-01","departure":"2026-06-02","workshops":[{"title":"汉字"}]}');
CREATE INDEX formctl_submissions_form_status_id ON formctl_submissions(form_id, status, id);
CREATE INDEX formctl_submissions_status_id ON formctl_submissions(status, id);
CREATE INDEX formctl_submissions_created_at ON formctl_submissions(created_at);
CREATE INDEX formctl_form_versions_form_hash ON formctl_form_versions(form_id, content_hash);
CREATE INDEX formctl_submissions_updated_at_id ON formctl_submissions(updated_at, id);
COMMIT;
