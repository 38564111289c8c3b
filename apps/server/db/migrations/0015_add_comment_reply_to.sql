-- Replies are two levels deep (issue 14, docs/community.md): a reply to a reply is listed
-- under the same comment (parent_id) and names here the reply it answers, whose author is
-- told. NULL for a comment on the thread and for a reply to a comment.
ALTER TABLE community_comments ADD COLUMN reply_to_id bigint;
