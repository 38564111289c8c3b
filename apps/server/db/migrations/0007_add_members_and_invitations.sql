-- Roles become data (issue 10): each book has its roles, seeded with owner, admin,
-- bookkeeper and viewer; each role holds permission codes (SPEC 6). A member's role is
-- a row of the book's roles.
CREATE TABLE book_roles (
  book_id      bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id           bigint GENERATED ALWAYS AS IDENTITY,
  kind         text NOT NULL CHECK (kind IN ('owner', 'admin', 'bookkeeper', 'viewer', 'custom')),
  -- Empty for a seeded role until renamed: it is then named in the reader's language.
  name         text NOT NULL DEFAULT '',
  description  text NOT NULL DEFAULT '',
  permissions  text[] NOT NULL,
  -- What the role costs, in hundredths of a banana shell (0: free), and how it is billed.
  price_minor  bigint NOT NULL DEFAULT 0 CHECK (price_minor >= 0),
  billing_type text NOT NULL DEFAULT 'OneOff' CHECK (billing_type IN ('PerDay', 'PerPersonPerDay', 'OneOff')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);
CREATE UNIQUE INDEX book_roles_kind_idx ON book_roles (book_id, kind) WHERE kind <> 'custom';
CREATE UNIQUE INDEX book_roles_name_idx ON book_roles (book_id, lower(name)) WHERE name <> '';

INSERT INTO book_roles (book_id, kind, permissions)
SELECT b.id, r.kind, r.permissions
FROM books b
CROSS JOIN (VALUES
  ('owner', ARRAY['01','010001','010002','02','02000504','03','03000102','03000103','03000105','03000106','03000201','03000205','05','05000101','05000102','05000103','11','13']),
  ('admin', ARRAY['01','010001','010002','02','02000504','03','03000102','03000103','03000105','03000106','03000201','03000205','05','05000101','05000103','11']),
  ('bookkeeper', ARRAY['01','010001','010002','02','02000504']),
  ('viewer', ARRAY['01','02','02000504'])
) AS r(kind, permissions);

ALTER TABLE book_users ADD COLUMN role_id bigint;
UPDATE book_users bu SET role_id = r.id FROM book_roles r WHERE r.book_id = bu.book_id AND r.kind = bu.role;
ALTER TABLE book_users ALTER COLUMN role_id SET NOT NULL;
ALTER TABLE book_users DROP COLUMN role;
ALTER TABLE book_users ADD FOREIGN KEY (book_id, role_id) REFERENCES book_roles (book_id, id);
-- Whether the member wants to be told of the book's news (the join page's subscribe choice).
ALTER TABLE book_users ADD COLUMN subscribed boolean NOT NULL DEFAULT true;
CREATE INDEX book_users_role_idx ON book_users (book_id, role_id);

-- A book's defaults for new invitation links (defaultInviteSetting).
ALTER TABLE books ADD COLUMN invite_validity_days integer NOT NULL DEFAULT 7 CHECK (invite_validity_days IN (0, 1, 7, 30));
ALTER TABLE books ADD COLUMN invite_audit_type text NOT NULL DEFAULT 'NeedToBeReviewed'
  CHECK (invite_audit_type IN ('NeedToBeReviewed', 'NoReviewDesignatedRole', 'NoReviewRoleCode'));

-- Invitation links. The link code is long and random; a NoReviewRoleCode link also has
-- a short code the joiner types. The one lookup without a book id is by link code.
CREATE TABLE book_invitations (
  book_id     bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id          bigint GENERATED ALWAYS AS IDENTITY,
  code        text NOT NULL,
  audit_type  text NOT NULL CHECK (audit_type IN ('NeedToBeReviewed', 'NoReviewDesignatedRole', 'NoReviewRoleCode')),
  role_ids    bigint[] NOT NULL,
  role_code   text,
  validity_days integer NOT NULL CHECK (validity_days IN (0, 1, 7, 30)),
  inviter_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  remark      text NOT NULL DEFAULT '',
  expires_at  timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);
CREATE UNIQUE INDEX book_invitations_code_idx ON book_invitations (code);
CREATE INDEX book_invitations_live_idx ON book_invitations (book_id, created_at DESC) WHERE revoked_at IS NULL;

-- Applications (apply), joins without review (join) and additions by phone (add), with
-- the pending member statuses of SPEC 4. One open request per user and book.
CREATE TABLE book_member_requests (
  book_id         bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id              bigint GENERATED ALWAYS AS IDENTITY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('apply', 'join', 'add')),
  status          text NOT NULL CHECK (status IN ('Accepted', 'ToBeAccepted', 'ToBeAuthorized', 'Agreed', 'Rejected', 'Distributed')),
  invitation_id   bigint,
  inviter_id      bigint REFERENCES users(id) ON DELETE SET NULL,
  -- The role asked for; null: left to the administrator (role id -1 on the wire).
  role_id         bigint,
  granted_role_id bigint,
  remark          text NOT NULL DEFAULT '',
  subscribe       boolean NOT NULL DEFAULT true,
  decided_by      bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at      timestamptz,
  urge_count      integer NOT NULL DEFAULT 0,
  urged_at        timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);
CREATE UNIQUE INDEX book_member_requests_open_idx ON book_member_requests (book_id, user_id)
  WHERE status IN ('ToBeAccepted', 'ToBeAuthorized');
CREATE INDEX book_member_requests_status_idx ON book_member_requests (book_id, status, created_at DESC);
CREATE INDEX book_member_requests_user_idx ON book_member_requests (user_id, status);

-- The activity log pages newest first.
CREATE INDEX book_activities_at_idx ON book_activities (book_id, id DESC);
