import { Icon } from '../../../app/icons.tsx';

/** A person's picture (decorative: their name is always beside it), or a neutral figure when they have none. */
export function Avatar({ url, size = 40 }: { url: string; size?: number }) {
  return (
    <span className="member-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} loading="lazy" /> : <Icon name="user" size={size * 0.6} />}
    </span>
  );
}
