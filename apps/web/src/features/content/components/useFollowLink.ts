import { useNavigate } from '../../../lib/hash-router.tsx';
import { operationLink } from '../operations.ts';

/** Follows an operation's link: a page route inside the app, an https address in a new tab; nothing else. */
export function useFollowLink(): (link: string) => boolean {
  const navigate = useNavigate();
  return (link) => {
    const to = operationLink(link);
    if (!to) return false;
    if (to.kind === 'route') navigate(to.to);
    else window.open(to.href, '_blank', 'noopener,noreferrer');
    return true;
  };
}
