-- Nicknames under the name rule (issue 25, docs/decisions.md, "Text that looks empty").
-- Before it, a nickname could be made of characters that draw nothing, or carry direction
-- controls that reorder what follows it: a blank or disguised name in every book its owner
-- joins. Direction controls are taken out; a nickname that then looks empty becomes the
-- default one (用户 and the last four digits of the phone, or of the id without a phone).
-- Each user's member name in a book, copied from the nickname when they joined, gets the
-- repaired nickname where it was blank or disguised too. The bracket below is what draws
-- nothing (`looksEmpty` in packages/contracts/src/text-rules.ts); a test holds the two alike.
UPDATE users
SET nickname = regexp_replace(nickname, '[\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE nickname ~ '[\u202a-\u202e\u2066-\u2069]';

UPDATE users
SET nickname = '用户' || lpad(right(coalesce(phone, id::text), 4), 4, '0')
WHERE nickname ~ '^[\u0009-\u000d\u0020\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]*$';

UPDATE book_labels l
SET name = u.nickname
FROM users u
WHERE l.kind = 'member'
  AND l.user_id = u.id
  AND (
    l.name ~ '[\u202a-\u202e\u2066-\u2069]'
    OR l.name ~ '^[\u0009-\u000d\u0020\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]*$'
  );
