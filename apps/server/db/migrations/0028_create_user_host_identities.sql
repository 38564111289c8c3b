-- Automatic sign-in inside a partner host app (issue 30, docs/host.md): which CAB user a
-- host's own user id is. A host that vouches for a phone finds the user of that phone.
CREATE TABLE user_host_identities (
  host text NOT NULL CHECK (host IN ('a', 'b')),
  host_user_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (host, host_user_id)
);
CREATE INDEX user_host_identities_user ON user_host_identities (user_id);
