-- Users sign in by phone and verification code; a password is optional.
CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone         text UNIQUE,
  email         text UNIQUE,
  nickname      text NOT NULL,
  avatar_url    text NOT NULL DEFAULT '',
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of each code is kept; a code is single-use and expires.
CREATE TABLE verify_codes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone      text NOT NULL,
  type       smallint NOT NULL,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verify_codes_phone_type_idx ON verify_codes (phone, type, created_at DESC);

-- A family is one sign-in; every refresh rotates its tokens, and reuse revokes it whole.
CREATE TABLE token_families (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_families_user_idx ON token_families (user_id);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  family_id  bigint NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_tokens_family_idx ON access_tokens (family_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id  bigint NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
