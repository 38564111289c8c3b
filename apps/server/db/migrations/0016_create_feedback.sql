-- Feedback from the mine page (意见反馈, issue 24): what a logged-in user writes, with an
-- optional way to reach them. An operator reads it, newest first, with
-- `npm run cab -- feedback list`; it goes with the user's account.
CREATE TABLE feedback (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content    text NOT NULL CHECK (content <> ''),
  contact    text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_user_idx ON feedback (user_id);
