import { Fragment } from 'react';

/**
 * A strict web address: http or https, a host of letters, digits, dots and hyphens, an
 * optional port, then anything but white space, quotes and angle brackets. Nothing
 * else (javascript:, data:, mailto:, a bare "www.") is ever a link.
 */
const URL_RE = /(https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#][^\s<>"'`]*)?)/g;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?)\]}，。；：！？）】、]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits what a user wrote into text and the web addresses in it. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (t: string) => {
    if (!t) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  for (const [i, piece] of text.split(URL_RE).entries()) {
    // split with one capturing group: odd pieces are the addresses.
    if (i % 2 === 0) {
      push(piece);
      continue;
    }
    const tail = TRAILING.exec(piece)?.[0] ?? '';
    const address = tail ? piece.slice(0, -tail.length) : piece;
    let href: string | undefined;
    try {
      const u = new URL(address);
      if (u.protocol === 'http:' || u.protocol === 'https:') href = u.href;
    } catch {
      href = undefined;
    }
    if (href) parts.push({ kind: 'link', text: address, href });
    else push(address);
    push(tail);
  }
  return parts;
}

/**
 * What a member wrote (HTML and script included: the server keeps it as given,
 * docs/community.md), drawn as text nodes, with its web addresses as links that open
 * apart from the app and tell the other site nothing. Never parsed as markup.
 */
export function LinkedText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <div className={className} data-testid={testId}>
      {splitLinks(text).map((p, i) =>
        p.kind === 'link' ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" className="community-link">
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </div>
  );
}
